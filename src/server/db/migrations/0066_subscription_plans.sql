-- Subscription plans (issue 37, item 1; decision 065): a shop's plans, the product options of a fixed plan and the
-- pickup or delivery windows that serve a plan. Three new tables, no row of an existing table changed.
-- Locks: the foreign keys take SHARE ROW EXCLUSIVE on shops, product_options and fulfilment_windows for the instant of
-- adding each constraint (the new tables are empty, so there is nothing to validate); none of the guarded tables
-- (products, orders, order_lines, users) is named or locked.
CREATE TYPE "public"."subscription_frequency" AS ENUM('weekly', 'fortnightly', 'monthly');--> statement-breakpoint
CREATE TYPE "public"."subscription_plan_kind" AS ENUM('fixed', 'box');--> statement-breakpoint
CREATE TYPE "public"."subscription_pricing" AS ENUM('per_delivery', 'season', 'installments');--> statement-breakpoint
CREATE TABLE "subscription_plan_items" (
	"plan_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"quantity" smallint NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "subscription_plan_items_plan_id_option_id_pk" PRIMARY KEY("plan_id","option_id"),
	CONSTRAINT "subscription_plan_items_quantity" CHECK ("subscription_plan_items"."quantity" BETWEEN 1 AND 99)
);
--> statement-breakpoint
CREATE TABLE "subscription_plan_windows" (
	"plan_id" uuid NOT NULL,
	"window_id" uuid NOT NULL,
	CONSTRAINT "subscription_plan_windows_plan_id_window_id_pk" PRIMARY KEY("plan_id","window_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" "subscription_plan_kind" NOT NULL,
	"box_value_cents" integer,
	"box_contents" text,
	"frequency" "subscription_frequency" NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"pricing" "subscription_pricing" NOT NULL,
	"season_price_cents" integer,
	"installments" smallint,
	"discount_percent" smallint,
	"subscriber_cap" integer,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_name" CHECK (char_length("subscription_plans"."name") BETWEEN 1 AND 80),
	CONSTRAINT "subscription_plans_description" CHECK (char_length("subscription_plans"."description") <= 2000),
	CONSTRAINT "subscription_plans_box" CHECK (CASE WHEN "subscription_plans"."kind" = 'box' THEN "subscription_plans"."box_value_cents" > 0 AND char_length("subscription_plans"."box_contents") BETWEEN 1 AND 1000 ELSE "subscription_plans"."box_value_cents" IS NULL AND "subscription_plans"."box_contents" IS NULL END),
	CONSTRAINT "subscription_plans_season" CHECK ("subscription_plans"."ends_on" >= "subscription_plans"."starts_on"),
	CONSTRAINT "subscription_plans_pricing" CHECK (CASE "subscription_plans"."pricing" WHEN 'per_delivery' THEN "subscription_plans"."season_price_cents" IS NULL AND "subscription_plans"."installments" IS NULL WHEN 'season' THEN "subscription_plans"."season_price_cents" > 0 AND "subscription_plans"."ends_on" IS NOT NULL AND "subscription_plans"."installments" IS NULL ELSE "subscription_plans"."season_price_cents" > 0 AND "subscription_plans"."ends_on" IS NOT NULL AND "subscription_plans"."installments" BETWEEN 2 AND 12 END),
	CONSTRAINT "subscription_plans_discount" CHECK ("subscription_plans"."discount_percent" BETWEEN 1 AND 90),
	CONSTRAINT "subscription_plans_cap" CHECK ("subscription_plans"."subscriber_cap" >= 1)
);
--> statement-breakpoint
ALTER TABLE "subscription_plan_items" ADD CONSTRAINT "subscription_plan_items_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_items" ADD CONSTRAINT "subscription_plan_items_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_windows" ADD CONSTRAINT "subscription_plan_windows_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_windows" ADD CONSTRAINT "subscription_plan_windows_window_id_fulfilment_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."fulfilment_windows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_shop_id_shops_vendor_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("vendor_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plan_items_position_key" ON "subscription_plan_items" USING btree ("plan_id","position");--> statement-breakpoint
CREATE INDEX "subscription_plan_items_option_idx" ON "subscription_plan_items" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "subscription_plan_windows_window_idx" ON "subscription_plan_windows" USING btree ("window_id");--> statement-breakpoint
CREATE INDEX "subscription_plans_shop_idx" ON "subscription_plans" USING btree ("shop_id","created_at");

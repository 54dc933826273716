-- Subscriptions (issue 37 slice 2): a shopper's subscription to a plan with its window, dates, state and saved card;
-- each subscription's delivery per date (its key is the orders job's idempotency key); a box plan's contents per
-- delivery date; and orders.subscription_id, the subscription an order delivers. Three new tables and enums.
-- Locks: the new tables' foreign keys take SHARE ROW EXCLUSIVE on subscription_plans, fulfilment_windows, users and
-- orders for the instant of adding each (the tables are empty: nothing to validate); orders' new column is below.
CREATE TYPE "public"."subscription_card_state" AS ENUM('pending', 'ready', 'requires_action');--> statement-breakpoint
CREATE TYPE "public"."subscription_delivery_status" AS ENUM('skipped', 'holiday', 'ordered', 'charged', 'charge_failed', 'abandoned', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'paused', 'payment_failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "subscription_box_contents" (
	"plan_id" uuid NOT NULL,
	"delivery_on" date NOT NULL,
	"contents" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_box_contents_plan_id_delivery_on_pk" PRIMARY KEY("plan_id","delivery_on"),
	CONSTRAINT "subscription_box_contents_length" CHECK (char_length("subscription_box_contents"."contents") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "subscription_deliveries" (
	"subscription_id" uuid NOT NULL,
	"delivery_on" date NOT NULL,
	"window_id" uuid NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"status" "subscription_delivery_status" NOT NULL,
	"moved_to" date,
	"order_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_deliveries_subscription_id_delivery_on_pk" PRIMARY KEY("subscription_id","delivery_on"),
	CONSTRAINT "subscription_deliveries_attempts" CHECK ("subscription_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"window_id" uuid NOT NULL,
	"delivery_address" text,
	"delivery_postcode" text,
	"starts_on" date NOT NULL,
	"status" "subscription_status" DEFAULT 'active' NOT NULL,
	"paused_from" date,
	"paused_until" date,
	"cancelled_at" timestamp with time zone,
	"ends_after" date,
	"provider_customer_id" text,
	"payment_method_id" text,
	"setup_intent_id" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" smallint,
	"card_exp_year" smallint,
	"card_state" "subscription_card_state" DEFAULT 'pending' NOT NULL,
	"failed_charges" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_vacation" CHECK (("subscriptions"."paused_from" IS NULL) = ("subscriptions"."paused_until" IS NULL) AND "subscriptions"."paused_until" >= "subscriptions"."paused_from"),
	CONSTRAINT "subscriptions_failed_charges" CHECK ("subscriptions"."failed_charges" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_box_contents" ADD CONSTRAINT "subscription_box_contents_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD CONSTRAINT "subscription_deliveries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD CONSTRAINT "subscription_deliveries_window_id_fulfilment_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."fulfilment_windows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD CONSTRAINT "subscription_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_window_id_fulfilment_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."fulfilment_windows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_deliveries_order_key" ON "subscription_deliveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "subscription_deliveries_retry_idx" ON "subscription_deliveries" USING btree ("next_attempt_at") WHERE "subscription_deliveries"."next_attempt_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_running_key" ON "subscriptions" USING btree ("plan_id","user_id") WHERE "subscriptions"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_window_idx" ON "subscriptions" USING btree ("window_id") WHERE "subscriptions"."status" <> 'cancelled';--> statement-breakpoint
-- lock: a nullable ADD COLUMN with no default changes only the catalog; orders is held for milliseconds, last in this
-- short transaction. No foreign key to subscriptions: validating one would read every order under lock.
ALTER TABLE "orders" ADD COLUMN "subscription_id" uuid;

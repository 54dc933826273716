-- The marketplace's commission (decision 023): the rates by membership and the fixed fee per shop part, as set over
-- time (the newest row applies to orders placed from then on); each order line keeps the rate it was sold under and
-- each order the fee. Lines sold before commission existed keep 0.
CREATE TABLE "commission_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"normal_bps" integer NOT NULL,
	"premium_bps" integer NOT NULL,
	"order_fee_cents" integer DEFAULT 0 NOT NULL,
	"set_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_bps" CHECK ("commission_rates"."normal_bps" BETWEEN 0 AND 10000 AND "commission_rates"."premium_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "commission_rates_fee_nonneg" CHECK ("commission_rates"."order_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX "commission_rates_created_idx" ON "commission_rates" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
INSERT INTO "commission_rates" ("normal_bps", "premium_bps", "order_fee_cents") VALUES (1000, 500, 0);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_commission_bps" CHECK ("order_lines"."commission_bps" BETWEEN 0 AND 10000);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_fee_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_commission_fee_nonneg" CHECK ("orders"."commission_fee_cents" >= 0);

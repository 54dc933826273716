-- Tax lines (decision 028): the tax rate per category and whether prices include tax, as the admin set them over
-- time (the newest row applies to orders placed from then on; the first row: no tax, prices exclude tax). Each order
-- line keeps the rate it was sold under and its tax, each payment the order's tax and whether it was in the prices;
-- each transfer the tax the marketplace keeps of the shop's part, each reversal the tax given back with a refund.
CREATE TABLE "tax_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"set_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_rates_object" CHECK (jsonb_typeof("tax_settings"."rates") = 'object')
);
--> statement-breakpoint
CREATE INDEX "tax_settings_created_idx" ON "tax_settings" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
INSERT INTO "tax_settings" ("prices_include_tax", "rates") VALUES (false, '{}'::jsonb);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tax" CHECK ("order_lines"."tax_bps" BETWEEN 0 AND 10000 AND "order_lines"."tax_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "customer_payments" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer_payments" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_tax_nonneg" CHECK ("customer_payments"."tax_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_tax_nonneg" CHECK ("transfers"."tax_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "transfer_reversals" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "transfer_reversals" ADD CONSTRAINT "transfer_reversals_tax_nonneg" CHECK ("transfer_reversals"."tax_cents" >= 0);

-- A deal is a real discount: each deal takes its percent off the product's price while it runs.
ALTER TABLE "deals" ADD COLUMN "discount_percent" integer DEFAULT 20 NOT NULL;
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_discount_percent_range" CHECK ("discount_percent" BETWEEN 5 AND 50);
--> statement-breakpoint
-- A product's running deal is read with every product (one small index lookup per row).
CREATE INDEX "deals_product_ends_idx" ON "deals" USING btree ("product_id","ends_at");
--> statement-breakpoint
-- A coupon may start on a later day (NULL: it works from its creation); it always ends after it starts.
ALTER TABLE "coupons" ADD COLUMN "starts_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_starts_before_expiry" CHECK ("starts_at" IS NULL OR "expires_at" IS NULL OR "starts_at" < "expires_at");

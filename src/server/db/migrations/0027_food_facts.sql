-- Food facts of a product: its major allergens and dietary labels, each set as one bitmask (bit i is the i-th name
-- of ALLERGENS or LABELS in src/contract/food-facts.ts, a fixed order), and its ingredients line.
ALTER TABLE "products"
  ADD COLUMN "allergens" smallint NOT NULL DEFAULT 0,
  ADD COLUMN "labels" smallint NOT NULL DEFAULT 0,
  ADD COLUMN "ingredients" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_allergens_known" CHECK ("allergens" BETWEEN 0 AND 16383);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_labels_known" CHECK ("labels" BETWEEN 0 AND 31);
--> statement-breakpoint
-- A category's or a shop's offered products with what its filters read: the page's filter counts ('Vegan (12)') and
-- its capped count are an index-only scan of the category's or shop's entries (decision 024). The category index
-- replaces products_category_expiry_idx, which held the same keys without the facts.
-- On a large live catalog, build them first without blocking, on the primary, outside a transaction
-- (CREATE INDEX CONCURRENTLY IF NOT EXISTS with the same definitions; see docs/deploy.md).
CREATE INDEX IF NOT EXISTS "products_category_facets_idx" ON "products"
  USING btree ("category", "expires_on") INCLUDE ("labels", "allergens", "price_cents") WHERE "listed";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_vendor_facets_idx" ON "products"
  USING btree ("vendor_id", "expires_on") INCLUDE ("labels", "allergens", "price_cents") WHERE "listed";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_category_expiry_idx";

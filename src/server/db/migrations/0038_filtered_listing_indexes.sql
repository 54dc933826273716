-- A category's or a shop's page filtered by labels, allergens, price or distance (the most popular first) walks its sort's index in order and checks
-- each entry's facts in the index itself (INCLUDE), stopping at the page's end: an index-only scan whatever the
-- catalog's size, instead of a bitmap over the price range that fetched every match from the table and sorted them
-- (issue 16; bench/explain.ts). On a large live catalog, build these CONCURRENTLY under new names first and rename
-- (docs/deploy.md).
DROP INDEX IF EXISTS "products_category_popularity_idx";
--> statement-breakpoint
CREATE INDEX "products_category_popularity_idx" ON "products"
  USING btree ("category", "popularity" DESC NULLS LAST, "id") INCLUDE ("expires_on", "labels", "allergens", "price_cents", "origin_latitude", "origin_longitude") WHERE "listed";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_category_price_idx";
--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products"
  USING btree ("category", "price_cents", "id") INCLUDE ("expires_on", "labels", "allergens", "origin_latitude", "origin_longitude") WHERE "listed";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_vendor_popularity_idx";
--> statement-breakpoint
CREATE INDEX "products_vendor_popularity_idx" ON "products"
  USING btree ("vendor_id", "popularity" DESC NULLS LAST, "id", "expires_on") INCLUDE ("labels", "allergens", "price_cents", "origin_latitude", "origin_longitude") WHERE "listed";

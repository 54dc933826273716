-- A shop's products in the shop page's order (most popular first): the page walks this index from the shop's first
-- entry, and its capped count ('We found N items') reads the index alone (expires_on comes last: after the unique
-- id it never changes the order, and it is checked without the table). Without it the page walked the whole
-- catalog's popularity index until it met 21 of the shop's products (all of them, for a shop whose products are
-- the least popular) and the count read the shop's rows from the table.
-- A plain CREATE INDEX blocks writes to products while it builds (a million products: 13 s on the
-- 2-core bench machine at load 25).
-- On a large live catalog, build it first without blocking, on the primary, outside a transaction:
--   CREATE INDEX CONCURRENTLY IF NOT EXISTS "products_vendor_popularity_idx" ON "products"
--     USING btree ("vendor_id", "popularity" DESC NULLS LAST, "id", "expires_on") WHERE "listed";
-- and this migration then finds it in place (IF NOT EXISTS) and does nothing (see docs/deploy.md).
CREATE INDEX IF NOT EXISTS "products_vendor_popularity_idx" ON "products"
  USING btree ("vendor_id", "popularity" DESC NULLS LAST, "id", "expires_on") WHERE "listed";

-- Where each product comes from (issue 12, item 3; decision 020): a farm the vendor names with its ZIP code, or
-- else its shop's place. origin_latitude and origin_longitude always hold the product's place on the map (the
-- farm's, or the shop's, kept in step by the triggers below), so distances are one indexed read of products.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_name" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_postcode" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_latitude" double precision;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_longitude" double precision;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_origin_whole" CHECK (("origin_latitude" IS NULL) = ("origin_longitude" IS NULL) AND "origin_latitude" BETWEEN -90 AND 90 AND "origin_longitude" BETWEEN -180 AND 180 AND ("origin_postcode" IS NULL OR ("origin_name" IS NOT NULL AND "origin_latitude" IS NOT NULL)));
--> statement-breakpoint
-- A product without a farm of its own is at its shop's place (none while the shop has not set one).
CREATE OR REPLACE FUNCTION place_product_at_shop() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF NEW.origin_postcode IS NULL THEN
      NEW.origin_name := NULL;
      SELECT s.latitude, s.longitude INTO NEW.origin_latitude, NEW.origin_longitude
      FROM shops s WHERE s.vendor_id = NEW.vendor_id;
    END IF;
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_place_at_shop BEFORE INSERT OR UPDATE OF vendor_id, origin_postcode ON products
  FOR EACH ROW EXECUTE FUNCTION place_product_at_shop();
--> statement-breakpoint
-- A shop that moves (or sets its place) moves its products that have no farm of their own.
CREATE OR REPLACE FUNCTION move_shop_products() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE products SET origin_latitude = NEW.latitude, origin_longitude = NEW.longitude
    WHERE vendor_id = NEW.vendor_id AND origin_postcode IS NULL
      AND (origin_latitude, origin_longitude) IS DISTINCT FROM (NEW.latitude, NEW.longitude);
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER shops_move_products AFTER UPDATE OF latitude, longitude ON shops
  FOR EACH ROW WHEN ((OLD.latitude, OLD.longitude) IS DISTINCT FROM (NEW.latitude, NEW.longitude))
  EXECUTE FUNCTION move_shop_products();
--> statement-breakpoint
UPDATE products p SET origin_latitude = s.latitude, origin_longitude = s.longitude
FROM shops s WHERE s.vendor_id = p.vendor_id AND s.latitude IS NOT NULL;
--> statement-breakpoint
-- Offered products by their place: the GiST index on the point in space (earthdistance) serves the bounding box of
-- a maximum distance (earth_box @>) and "nearest first" (ordered by <->, nearest first from the index).
CREATE INDEX "products_origin_earth_idx" ON "products" USING gist (ll_to_earth("origin_latitude", "origin_longitude")) WHERE "listed" AND "origin_latitude" IS NOT NULL;
--> statement-breakpoint
-- A category's or a shop's filter counts with the shopper's place (the distance radii) stay an index-only scan of its
-- facets index (decision 024): the origin joins what the index includes. On a large live catalog, build them first
-- without blocking (CREATE INDEX CONCURRENTLY under another name, then drop the old ones and rename; docs/deploy.md).
DROP INDEX IF EXISTS "products_category_facets_idx";
--> statement-breakpoint
CREATE INDEX "products_category_facets_idx" ON "products"
  USING btree ("category", "expires_on") INCLUDE ("labels", "allergens", "price_cents", "origin_latitude", "origin_longitude") WHERE "listed";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_vendor_facets_idx";
--> statement-breakpoint
CREATE INDEX "products_vendor_facets_idx" ON "products"
  USING btree ("vendor_id", "expires_on") INCLUDE ("labels", "allergens", "price_cents", "origin_latitude", "origin_longitude") WHERE "listed";
--> statement-breakpoint
-- The place a shopper chose (a ZIP code or the browser's location, rounded), kept with their account.
CREATE TABLE "shopper_places" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"postcode" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_places_on_earth" CHECK ("latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180)
);

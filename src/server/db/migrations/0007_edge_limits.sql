-- One review per buyer and product (a second post edits it). Duplicates from before keep the newest row.
DELETE FROM "comments" c
USING "comments" newer
WHERE newer."product_id" = c."product_id" AND newer."user_id" = c."user_id"
  AND (newer."created_at", newer."id") > (c."created_at", c."id");
--> statement-breakpoint
CREATE UNIQUE INDEX "comments_product_user_key" ON "comments" ("product_id", "user_id");
--> statement-breakpoint
-- Popularity counts distinct shoppers: a (product, user) row is recorded on a user's first add to the cart
-- (or the spec's body-less PATCH), and only that first add raises products.popularity. Removing from the
-- cart lowers nothing: the row stays, so adding again never counts twice.
CREATE TABLE "popularity_adds" (
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "popularity_adds_pkey" PRIMARY KEY ("product_id", "user_id")
);
--> statement-breakpoint
-- Shoppers known to have added a product already (it is in their cart, or they bought it) are counted, so
-- their next add does not raise the popularity again. Existing popularity values are kept as they are.
INSERT INTO "popularity_adds" ("product_id", "user_id")
SELECT "product_id", "user_id" FROM "cart_items"
UNION
SELECT ol."product_id", o."user_id" FROM "order_lines" ol JOIN "orders" o ON o."id" = ol."order_id"
WHERE ol."product_id" IS NOT NULL;

-- migrate: no-transaction
-- What a card shows of a product in several sizes, kept on products so that listings, search, deals and favourites
-- read no options (decision 052, "As built"; issue 32 item 5): `sizes` (how many, the first's price and draws, the
-- cheapest's unit, pack and weight) and `first_stock` (the first option's own stock), both null with one option.
-- Each statement runs on its own and is safe to run again (the migrator starts such a migration again from its first
-- statement when one fails): the fill below commits 1,000 products at a time, so that a sale never waits for the
-- whole catalog's fill (one UPDATE of the 66,667 products with sizes of a 100,000-product catalog took 12 s and held
-- them all until it committed: a sale of one of them waited 9 s).
-- lock: ADD COLUMN without a default changes only the catalog: products is held for milliseconds.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "sizes" json;
--> statement-breakpoint
-- lock: ADD COLUMN without a default changes only the catalog: products is held for milliseconds.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "first_stock" integer;
--> statement-breakpoint
-- What the cards of the products with several listed options show, as mirrorsOf (catalog/mirrors.ts) writes it: the
-- first option by position, the cheapest the first of equal prices; of every product, or of those whose id is after
-- `after` and up to `upto`. The fill below, the bench seed and the test that holds the copies to their options read it.
CREATE OR REPLACE FUNCTION product_card_sizes(after uuid DEFAULT NULL, upto uuid DEFAULT NULL)
RETURNS TABLE (product_id uuid, sizes json, first_stock integer)
LANGUAGE sql STABLE AS $$
  WITH listed AS (
    SELECT o.product_id, o.price_cents, o.draws, o.stock, o.unit, o.pack_label, o.net_quantity, o.net_unit,
      o.sold_by_weight, o.grams_per_piece,
      count(*) OVER (PARTITION BY o.product_id) AS count,
      row_number() OVER (PARTITION BY o.product_id ORDER BY o.position) AS place,
      row_number() OVER (PARTITION BY o.product_id ORDER BY o.price_cents, o.position) AS cheap
    FROM product_options o
    WHERE o.listed AND (after IS NULL OR o.product_id > after) AND (upto IS NULL OR o.product_id <= upto))
  SELECT f.product_id,
    json_build_object('count', f.count,
      'first', json_build_object('priceCents', f.price_cents, 'draws', f.draws),
      'from', json_build_object('unit', c.unit, 'packLabel', c.pack_label, 'netQuantity', c.net_quantity,
        'netUnit', c.net_unit, 'soldByWeight', c.sold_by_weight, 'gramsPerPiece', c.grams_per_piece)),
    CASE WHEN f.draws IS NULL THEN f.stock END
  FROM listed f JOIN listed c ON c.product_id = f.product_id AND c.cheap = 1
  WHERE f.place = 1 AND f.count > 1
$$;
--> statement-breakpoint
-- The fill: 1,000 products at a time by id, each batch committed. Only products with several sizes change, and a row
-- already holding its copies (a batch done before a retry, or a write of the new code) is left alone. No trigger
-- fires: each trigger on products watches other columns.
-- lock: an UPDATE takes ROW EXCLUSIVE (no read waits) and holds one batch of rows until its commit.
DO $$
DECLARE
  after uuid;
  upto uuid;
BEGIN
  LOOP
    upto := NULL;
    SELECT b.product_id INTO upto FROM (
      SELECT DISTINCT o.product_id FROM product_options o
      WHERE o.listed AND (after IS NULL OR o.product_id > after) ORDER BY o.product_id LIMIT 1000) b
    ORDER BY b.product_id DESC LIMIT 1;
    EXIT WHEN upto IS NULL;
    UPDATE products p SET sizes = c.sizes, first_stock = c.first_stock
    FROM product_card_sizes(after, upto) c
    WHERE p.id = c.product_id
      AND (p.sizes::text IS DISTINCT FROM c.sizes::text OR p.first_stock IS DISTINCT FROM c.first_stock);
    COMMIT;
    after := upto;
  END LOOP;
END
$$;

-- What a card shows of a product in several sizes, kept on products so that listings, search, deals and favourites
-- read no options (decision 052, "As built"; issue 32 item 5): `sizes` (how many, the first's price and draws, the
-- cheapest's unit, pack and weight) and `first_stock` (the first option's own stock), both null with one option.
-- lock: ADD COLUMN without a default changes only the catalog: products is held for milliseconds.
ALTER TABLE "products" ADD COLUMN "sizes" json;
--> statement-breakpoint
-- lock: ADD COLUMN without a default changes only the catalog: products is held for milliseconds.
ALTER TABLE "products" ADD COLUMN "first_stock" integer;
--> statement-breakpoint
-- What the cards of the products with several listed options show, as mirrorsOf (catalog/mirrors.ts) writes it: the
-- first option by position, the cheapest the first of equal prices. The fill below, the bench seed and the test that
-- holds the copies to their options read it.
CREATE FUNCTION product_card_sizes() RETURNS TABLE (product_id uuid, sizes json, first_stock integer)
LANGUAGE sql STABLE AS $$
  WITH listed AS (
    SELECT o.product_id, o.price_cents, o.draws, o.stock, o.unit, o.pack_label, o.net_quantity, o.net_unit,
      o.sold_by_weight, o.grams_per_piece,
      count(*) OVER (PARTITION BY o.product_id) AS count,
      row_number() OVER (PARTITION BY o.product_id ORDER BY o.position) AS place,
      row_number() OVER (PARTITION BY o.product_id ORDER BY o.price_cents, o.position) AS cheap
    FROM product_options o WHERE o.listed)
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
-- A plain UPDATE of the products with several sizes (a handful in a store; two in three of the bench catalog's, where it
-- takes seconds and holds those rows until commit: a sale of one of them waits, reads do not). No trigger fires: each
-- trigger on products watches other columns.
UPDATE products p SET sizes = c.sizes, first_stock = c.first_stock FROM product_card_sizes() c
WHERE p.id = c.product_id;

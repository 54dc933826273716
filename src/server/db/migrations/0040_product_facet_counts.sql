-- A category's or a shop's filter counts without reading its products (issue 16, decision 033): per category and per
-- shop, per expiry day, how many listed products there are, how many carry each label and each allergen (bit b of
-- the `labels` / `allergens` bitmasks at index b + 1; 16 each, as a smallint has), and their lowest and highest
-- price. A first page without filters sums the rows of the days not yet past (offered products: listed, not expired)
-- instead of counting every entry of the scope's index, which grows with the catalog. Kept in step with every write
-- of products by the triggers below, in the writing transaction, like search_postings (0019).
-- The fill runs in the migration's transaction, after the triggers: writes to products wait for it (docs/deploy.md).
CREATE TABLE IF NOT EXISTS "product_facet_counts" (
  "scope" text NOT NULL CHECK ("scope" IN ('category', 'shop')),
  "scope_key" text NOT NULL,
  "expires_on" date NOT NULL,
  "products" integer NOT NULL,
  "with_label" integer[] NOT NULL,
  "with_allergen" integer[] NOT NULL,
  "min_price_cents" integer,
  "max_price_cents" integer,
  PRIMARY KEY ("scope", "scope_key", "expires_on")
);
--> statement-breakpoint
-- How many of `masks` have each bit set: element b + 1 counts bit b (16 elements).
CREATE OR REPLACE FUNCTION facet_bit_counts(masks smallint[]) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT array_agg(n ORDER BY b) FROM (
      SELECT b, count(*) FILTER (WHERE (m & (1 << b)) <> 0)::integer AS n
      FROM generate_series(0, 15) AS b LEFT JOIN unnest(masks) AS m ON true
      GROUP BY b
    ) AS per_bit
  $$;
--> statement-breakpoint
-- `a` plus `sign` times `b`, element by element.
CREATE OR REPLACE FUNCTION facet_counts_add(a integer[], b integer[], sign integer) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_agg(x + sign * y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i) $$;
--> statement-breakpoint
-- Adds one product (delta 1) or takes it away (-1) in the row of its expiry day of one scope: its category
-- (`scope_key` its category) or its shop (its vendor's id). A price taken away that was the row's lowest or highest
-- has the row's bounds read again from the scope's facets index (products_*_facets_idx: scope, expiry, price).
CREATE OR REPLACE FUNCTION facet_counts_change(in_scope text, in_key text, p products, delta integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    low integer;
    high integer;
  BEGIN
    INSERT INTO product_facet_counts AS f
      VALUES (in_scope, in_key, p.expires_on, delta, facet_bit_counts(ARRAY[p.labels]),
        facet_bit_counts(ARRAY[p.allergens]), p.price_cents, p.price_cents)
    ON CONFLICT ("scope", "scope_key", "expires_on") DO UPDATE SET
      products = f.products + delta,
      with_label = facet_counts_add(f.with_label, excluded.with_label, delta),
      with_allergen = facet_counts_add(f.with_allergen, excluded.with_allergen, delta),
      min_price_cents = CASE WHEN delta > 0 THEN least(f.min_price_cents, excluded.min_price_cents) ELSE f.min_price_cents END,
      max_price_cents = CASE WHEN delta > 0 THEN greatest(f.max_price_cents, excluded.max_price_cents) ELSE f.max_price_cents END
    RETURNING f.min_price_cents, f.max_price_cents INTO low, high;
    IF delta > 0 OR (p.price_cents > low AND p.price_cents < high) THEN
      RETURN;
    END IF;
    IF in_scope = 'category' THEN
      SELECT min(q.price_cents), max(q.price_cents) INTO low, high FROM products q
      WHERE q.listed AND q.category = p.category AND q.expires_on = p.expires_on;
    ELSE
      SELECT min(q.price_cents), max(q.price_cents) INTO low, high FROM products q
      WHERE q.listed AND q.vendor_id = p.vendor_id AND q.expires_on = p.expires_on;
    END IF;
    UPDATE product_facet_counts AS f SET min_price_cents = low, max_price_cents = high
    WHERE f.scope = in_scope AND f.scope_key = in_key
      AND f.expires_on = p.expires_on;
  END
  $$;
--> statement-breakpoint
-- Adds products given column by column (one element each), grouped by scope and expiry day: one upsert per row
-- of counts, however many products; the counts per bit are one pass of FILTERs (five times faster than unnesting
-- every product's bits). An insert's new rows and the initial fill both come through here.
CREATE OR REPLACE FUNCTION facet_counts_add_products(listed boolean[], category text[], vendor_id uuid[],
    expires_on date[], labels smallint[], allergens smallint[], price_cents integer[]) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO product_facet_counts AS f
  SELECT s.scope, s.scope_key, n.expires_on, count(*)::integer,
    ARRAY[
      count(*) FILTER (WHERE n.labels & 1 <> 0), count(*) FILTER (WHERE n.labels & 2 <> 0), count(*) FILTER (WHERE n.labels & 4 <> 0), count(*) FILTER (WHERE n.labels & 8 <> 0),
      count(*) FILTER (WHERE n.labels & 16 <> 0), count(*) FILTER (WHERE n.labels & 32 <> 0), count(*) FILTER (WHERE n.labels & 64 <> 0), count(*) FILTER (WHERE n.labels & 128 <> 0),
      count(*) FILTER (WHERE n.labels & 256 <> 0), count(*) FILTER (WHERE n.labels & 512 <> 0), count(*) FILTER (WHERE n.labels & 1024 <> 0), count(*) FILTER (WHERE n.labels & 2048 <> 0),
      count(*) FILTER (WHERE n.labels & 4096 <> 0), count(*) FILTER (WHERE n.labels & 8192 <> 0), count(*) FILTER (WHERE n.labels & 16384 <> 0), count(*) FILTER (WHERE n.labels & -32768 <> 0)
    ]::integer[],
    ARRAY[
      count(*) FILTER (WHERE n.allergens & 1 <> 0), count(*) FILTER (WHERE n.allergens & 2 <> 0), count(*) FILTER (WHERE n.allergens & 4 <> 0), count(*) FILTER (WHERE n.allergens & 8 <> 0),
      count(*) FILTER (WHERE n.allergens & 16 <> 0), count(*) FILTER (WHERE n.allergens & 32 <> 0), count(*) FILTER (WHERE n.allergens & 64 <> 0), count(*) FILTER (WHERE n.allergens & 128 <> 0),
      count(*) FILTER (WHERE n.allergens & 256 <> 0), count(*) FILTER (WHERE n.allergens & 512 <> 0), count(*) FILTER (WHERE n.allergens & 1024 <> 0), count(*) FILTER (WHERE n.allergens & 2048 <> 0),
      count(*) FILTER (WHERE n.allergens & 4096 <> 0), count(*) FILTER (WHERE n.allergens & 8192 <> 0), count(*) FILTER (WHERE n.allergens & 16384 <> 0), count(*) FILTER (WHERE n.allergens & -32768 <> 0)
    ]::integer[],
    min(n.price_cents), max(n.price_cents)
  FROM unnest(listed, category, vendor_id, expires_on, labels, allergens, price_cents)
      AS n(listed, category, vendor_id, expires_on, labels, allergens, price_cents)
    CROSS JOIN LATERAL (VALUES ('category', n.category), ('shop', n.vendor_id::text)) AS s(scope, scope_key)
  WHERE n.listed
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ("scope", "scope_key", "expires_on") DO UPDATE SET
    products = f.products + excluded.products,
    with_label = facet_counts_add(f.with_label, excluded.with_label, 1),
    with_allergen = facet_counts_add(f.with_allergen, excluded.with_allergen, 1),
    min_price_cents = least(f.min_price_cents, excluded.min_price_cents),
    max_price_cents = greatest(f.max_price_cents, excluded.max_price_cents)
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keep_product_facet_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM facet_counts_add_products(array_agg(n.listed), array_agg(n.category), array_agg(n.vendor_id),
        array_agg(n.expires_on), array_agg(n.labels), array_agg(n.allergens), array_agg(n.price_cents))
      FROM new_rows n;
      RETURN NULL;
    END IF;
    IF OLD.listed THEN
      PERFORM facet_counts_change('category', OLD.category, OLD, -1);
      PERFORM facet_counts_change('shop', OLD.vendor_id::text, OLD, -1);
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.listed THEN
      PERFORM facet_counts_change('category', NEW.category, NEW, 1);
      PERFORM facet_counts_change('shop', NEW.vendor_id::text, NEW, 1);
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "products_facet_counts_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_product_facet_counts();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "products_facet_counts_update"
  AFTER UPDATE OF "listed", "expires_on", "category", "vendor_id", "labels", "allergens", "price_cents" ON "products"
  FOR EACH ROW WHEN ((OLD."listed", OLD."expires_on", OLD."category", OLD."vendor_id", OLD."labels", OLD."allergens",
      OLD."price_cents")
    IS DISTINCT FROM (NEW."listed", NEW."expires_on", NEW."category", NEW."vendor_id", NEW."labels", NEW."allergens",
      NEW."price_cents"))
  EXECUTE FUNCTION keep_product_facet_counts();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "products_facet_counts_delete" AFTER DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION keep_product_facet_counts();
--> statement-breakpoint
SELECT facet_counts_add_products(array_agg(p.listed), array_agg(p.category), array_agg(p.vendor_id),
    array_agg(p.expires_on), array_agg(p.labels), array_agg(p.allergens), array_agg(p.price_cents))
  FROM "products" p
  WHERE NOT EXISTS (SELECT FROM "product_facet_counts");

-- The kept filter counts (0040, decision 033) count only the products shoppers can see: a shop waiting for the
-- admin's approval or refused (0060, decision 063) has its products left out, so a category's first page no longer
-- says more products than it lists. A product counts when it is listed and its shop is listed (shop_is_listed, an
-- index probe of shops_unlisted_idx from 0062). A shop approved has its listed products added to the counts; a shop
-- held back or refused has them taken away, in the lock order 0041 keeps (category rows by key, then shop rows, each
-- by expiry day). The counts of the shops already held back are taken away here.
CREATE OR REPLACE FUNCTION shop_is_listed(vendor uuid) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT NOT EXISTS (SELECT FROM shops s WHERE s.vendor_id = vendor AND s.approval <> 'approved') $$;
--> statement-breakpoint
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
      WHERE q.listed AND q.category = p.category AND q.expires_on = p.expires_on AND shop_is_listed(q.vendor_id);
    ELSE
      SELECT min(q.price_cents), max(q.price_cents) INTO low, high FROM products q
      WHERE q.listed AND q.vendor_id = p.vendor_id AND q.expires_on = p.expires_on AND shop_is_listed(q.vendor_id);
    END IF;
    UPDATE product_facet_counts AS f SET min_price_cents = low, max_price_cents = high
    WHERE f.scope = in_scope AND f.scope_key = in_key
      AND f.expires_on = p.expires_on;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keep_product_facet_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    old_counted boolean := TG_OP <> 'INSERT' AND OLD.listed AND shop_is_listed(OLD.vendor_id);
    new_counted boolean := TG_OP = 'UPDATE' AND NEW.listed AND shop_is_listed(NEW.vendor_id);
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM facet_counts_add_products(array_agg(n.listed AND shop_is_listed(n.vendor_id)), array_agg(n.category),
        array_agg(n.vendor_id), array_agg(n.expires_on), array_agg(n.labels), array_agg(n.allergens),
        array_agg(n.price_cents))
      FROM new_rows n;
      RETURN NULL;
    END IF;
    IF old_counted AND new_counted THEN
      -- Taken away and added in the order of their rows (either order leaves the same counts and bounds).
      IF (OLD.category, OLD.expires_on) <= (NEW.category, NEW.expires_on) THEN
        PERFORM facet_counts_change('category', OLD.category, OLD, -1);
        PERFORM facet_counts_change('category', NEW.category, NEW, 1);
      ELSE
        PERFORM facet_counts_change('category', NEW.category, NEW, 1);
        PERFORM facet_counts_change('category', OLD.category, OLD, -1);
      END IF;
      IF (OLD.vendor_id::text, OLD.expires_on) <= (NEW.vendor_id::text, NEW.expires_on) THEN
        PERFORM facet_counts_change('shop', OLD.vendor_id::text, OLD, -1);
        PERFORM facet_counts_change('shop', NEW.vendor_id::text, NEW, 1);
      ELSE
        PERFORM facet_counts_change('shop', NEW.vendor_id::text, NEW, 1);
        PERFORM facet_counts_change('shop', OLD.vendor_id::text, OLD, -1);
      END IF;
      RETURN NULL;
    END IF;
    IF old_counted THEN
      PERFORM facet_counts_change('category', OLD.category, OLD, -1);
      PERFORM facet_counts_change('shop', OLD.vendor_id::text, OLD, -1);
    END IF;
    IF new_counted THEN
      PERFORM facet_counts_change('category', NEW.category, NEW, 1);
      PERFORM facet_counts_change('shop', NEW.vendor_id::text, NEW, 1);
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- A shop's listed products leave the counts (held back or refused) or join them (approved).
CREATE OR REPLACE FUNCTION facet_counts_shop_listed(vendor uuid, listed boolean) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    p products;
  BEGIN
    IF listed THEN
      PERFORM facet_counts_add_products(array_agg(q.listed), array_agg(q.category), array_agg(q.vendor_id),
        array_agg(q.expires_on), array_agg(q.labels), array_agg(q.allergens), array_agg(q.price_cents))
      FROM products q WHERE q.vendor_id = vendor AND q.listed;
      RETURN;
    END IF;
    FOR p IN SELECT * FROM products q WHERE q.vendor_id = vendor AND q.listed ORDER BY q.category, q.expires_on LOOP
      PERFORM facet_counts_change('category', p.category, p, -1);
    END LOOP;
    FOR p IN SELECT * FROM products q WHERE q.vendor_id = vendor AND q.listed ORDER BY q.expires_on LOOP
      PERFORM facet_counts_change('shop', p.vendor_id::text, p, -1);
    END LOOP;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keep_shop_facet_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM facet_counts_shop_listed(NEW.vendor_id, NEW.approval = 'approved');
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "shops_facet_counts_approval" AFTER UPDATE OF "approval" ON "shops"
  FOR EACH ROW WHEN ((OLD."approval" = 'approved') IS DISTINCT FROM (NEW."approval" = 'approved'))
  EXECUTE FUNCTION keep_shop_facet_counts();
--> statement-breakpoint
SELECT facet_counts_shop_listed(s.vendor_id, false) FROM shops s WHERE s.approval <> 'approved' ORDER BY s.vendor_id;

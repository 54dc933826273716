-- The kept filter counts (0040, decision 033) take their rows' locks in one order: category rows before shop rows,
-- each by key, then by expiry day. Under 0040 an edit took its old rows before its new ones, so two vendors moving
-- products between the same two days (or categories) in opposite directions at the same instant could each hold
-- the row the other needed next, and PostgreSQL aborted one of the edits as a deadlock.
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
    IF TG_OP = 'UPDATE' AND OLD.listed AND NEW.listed THEN
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

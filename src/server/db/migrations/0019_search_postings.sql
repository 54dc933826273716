-- Search candidates that stop early (issue 16, decision 016): one row per word of an offered product's name (its
-- full-text lexemes, no digits), walked per word of the search in popularity order with a LIMIT, so no search reads
-- more rows as the catalog grows (the full-text GIN bitmap read every product holding a common word before its
-- LIMIT: 24,996 for "chedar chese" at a million products). `name_terms` (the name's lexemes) lets the walk keep the
-- products holding every word of the search from the index alone. Listed products only; kept in step with every
-- write of products by the triggers below, in the writing transaction.
-- On a large live catalog, the plain migration holds a lock that blocks writes to products while it fills the
-- table (a million products: about 10 s). Instead, beforehand, on the primary: run this file's statements up to and
-- including the three CREATE OR REPLACE TRIGGER (milliseconds of lock), then fill the table in batches of ids while
-- the shop stays open, each batch locking its rows against a concurrent update:
--   INSERT INTO search_postings SELECT d.* FROM (SELECT * FROM products WHERE listed AND id > $last ORDER BY id
--     LIMIT 10000 FOR SHARE) p, search_postings_of(p.search_vector, p.popularity, p.id, p.expires_on, p.category,
--     p.vendor_id) d ON CONFLICT DO NOTHING;
-- The migration then finds its table filled and fills nothing (see docs/deploy.md).
CREATE TABLE IF NOT EXISTS "search_postings" (
  "term" text COLLATE "C" NOT NULL,
  "popularity" integer NOT NULL,
  "product_id" uuid NOT NULL,
  "expires_on" date NOT NULL,
  "category" text NOT NULL,
  "vendor_id" uuid NOT NULL,
  "name_terms" tsvector NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "search_postings_walk_idx" ON "search_postings"
  USING btree ("term", "popularity" DESC, "product_id") INCLUDE ("expires_on", "category", "vendor_id", "name_terms");
--> statement-breakpoint
-- The rows of one product (search_vector, popularity, id, expiry, category, vendor): its name's lexemes as full-text
-- search stems them (the weight-A part of products.search_vector), those without digits.
CREATE OR REPLACE FUNCTION search_postings_of(tsvector, integer, uuid, date, text, uuid)
  RETURNS TABLE (term text, popularity integer, product_id uuid, expires_on date, category text, vendor_id uuid,
    name_terms tsvector)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT l.lexeme, $2, $3, $4, $5, $6, v.terms
    FROM (SELECT strip(ts_filter($1, '{a}')) AS terms) AS v, unnest(v.terms) AS l
    WHERE l.lexeme !~ '[[:digit:]]'
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keep_search_postings() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO search_postings
        SELECT d.* FROM new_rows n,
          search_postings_of(n.search_vector, n.popularity, n.id, n.expires_on, n.category, n.vendor_id) AS d
        WHERE n.listed;
      RETURN NULL;
    END IF;
    IF OLD.listed THEN
      DELETE FROM search_postings s
      WHERE s.term = ANY (ARRAY(SELECT d.term FROM search_postings_of(OLD.search_vector, 0, OLD.id, OLD.expires_on,
          OLD.category, OLD.vendor_id) AS d))
        AND s.popularity = OLD.popularity AND s.product_id = OLD.id;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.listed THEN
      INSERT INTO search_postings
        SELECT * FROM search_postings_of(NEW.search_vector, NEW.popularity, NEW.id, NEW.expires_on, NEW.category, NEW.vendor_id);
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "products_search_postings_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_search_postings();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "products_search_postings_update"
  AFTER UPDATE OF "name", "popularity", "listed", "expires_on", "category", "vendor_id" ON "products"
  FOR EACH ROW WHEN ((OLD."name", OLD."popularity", OLD."listed", OLD."expires_on", OLD."category", OLD."vendor_id")
    IS DISTINCT FROM (NEW."name", NEW."popularity", NEW."listed", NEW."expires_on", NEW."category", NEW."vendor_id"))
  EXECUTE FUNCTION keep_search_postings();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "products_search_postings_delete" AFTER DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION keep_search_postings();
--> statement-breakpoint
INSERT INTO "search_postings"
  SELECT d.* FROM "products" p,
    search_postings_of(p."search_vector", p."popularity", p."id", p."expires_on", p."category", p."vendor_id") AS d
  WHERE p."listed" AND NOT EXISTS (SELECT FROM "search_postings")
ON CONFLICT DO NOTHING;

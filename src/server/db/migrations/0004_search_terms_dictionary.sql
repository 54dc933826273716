-- Spelling dictionary for search (decision 009): the distinct words of product names, shop names and
-- category labels. A typo in a query word is corrected to its closest term here (trigram KNN on a small table)
-- before the exact full-text query runs, so no trigram work is done on the products themselves.
CREATE TABLE "search_terms" ("term" text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gist ("term" gist_trgm_ops);
--> statement-breakpoint
-- The words of a text worth correcting a typo towards: lower case, three characters or more, no digits.
CREATE FUNCTION search_words(value text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(value, '')), '[[:space:][:punct:]]+') AS w
    WHERE length(w) >= 3 AND w !~ '[[:digit:]]'
  $$;
--> statement-breakpoint
-- Adds the words of column TG_ARGV[0] of the inserted rows (statement level, transition table new_rows)
-- or of the updated row (row level) to the dictionary. Terms are never removed: a stale term can only offer
-- a spelling that matches nothing.
CREATE FUNCTION remember_search_terms() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_LEVEL = 'STATEMENT' THEN
      EXECUTE format(
        'INSERT INTO search_terms (term) SELECT DISTINCT w FROM new_rows, search_words(new_rows.%I) AS w '
        'ON CONFLICT DO NOTHING', TG_ARGV[0]);
    ELSE
      EXECUTE format('INSERT INTO search_terms (term) SELECT w FROM search_words($1.%I) AS w ON CONFLICT DO NOTHING',
        TG_ARGV[0]) USING NEW;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_terms_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION remember_search_terms('name');
--> statement-breakpoint
CREATE TRIGGER "products_search_terms_update" AFTER UPDATE OF "name" ON "products"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION remember_search_terms('name');
--> statement-breakpoint
CREATE TRIGGER "users_search_terms_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION remember_search_terms('shop_name');
--> statement-breakpoint
CREATE TRIGGER "users_search_terms_update" AFTER UPDATE OF "shop_name" ON "users"
  FOR EACH ROW WHEN (OLD."shop_name" IS DISTINCT FROM NEW."shop_name") EXECUTE FUNCTION remember_search_terms('shop_name');
--> statement-breakpoint
CREATE TRIGGER "categories_search_terms_insert" AFTER INSERT ON "categories"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION remember_search_terms('label');
--> statement-breakpoint
CREATE TRIGGER "categories_search_terms_update" AFTER UPDATE OF "label" ON "categories"
  FOR EACH ROW WHEN (OLD."label" IS DISTINCT FROM NEW."label") EXECUTE FUNCTION remember_search_terms('label');
--> statement-breakpoint
INSERT INTO "search_terms" ("term")
  SELECT w FROM "products", search_words("name") AS w
  UNION SELECT w FROM "users", search_words("shop_name") AS w
  UNION SELECT w FROM "categories", search_words("label") AS w
ON CONFLICT DO NOTHING;

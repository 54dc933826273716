-- Each server's search index in memory (decision 067) hears which products changed what ranking reads, on a channel
-- of its own (farmstall_search_products), at the commit of the change: a payload is product ids separated by commas
-- (at most 200 of them, within NOTIFY's 8,000 bytes), '*' when a statement inserted more than 10,000 products (the
-- servers rebuild their index rather than re-read each), or 'shops' when a shop's name or listing changed. Stock and
-- other columns ranking does not read announce nothing, so a sale costs no notification.
CREATE OR REPLACE FUNCTION announce_search_products() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      IF (SELECT count(*) FROM new_rows) > 10000 THEN
        PERFORM pg_notify('farmstall_search_products', '*');
      ELSE
        PERFORM pg_notify('farmstall_search_products', string_agg(id::text, ','))
        FROM (SELECT id, (row_number() OVER ()) / 200 AS chunk FROM new_rows) AS n GROUP BY chunk;
      END IF;
      RETURN NULL;
    END IF;
    PERFORM pg_notify('farmstall_search_products', coalesce(NEW.id, OLD.id)::text);
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- lock: CREATE TRIGGER takes SHARE ROW EXCLUSIVE on products until this short migration commits (milliseconds once granted): writes to products wait that long, reads do not.
CREATE OR REPLACE TRIGGER "products_search_announce_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_search_products();
--> statement-breakpoint
-- lock: CREATE TRIGGER takes SHARE ROW EXCLUSIVE on products until this short migration commits (milliseconds once granted): writes to products wait that long, reads do not.
CREATE OR REPLACE TRIGGER "products_search_announce_update"
  AFTER UPDATE OF "name", "details", "listed", "popularity", "expires_on", "category", "vendor_id", "price_cents",
    "labels", "allergens", "origin_latitude", "origin_longitude" ON "products"
  FOR EACH ROW WHEN ((OLD."name", OLD."details", OLD."listed", OLD."popularity", OLD."expires_on", OLD."category",
      OLD."vendor_id", OLD."price_cents", OLD."labels", OLD."allergens", OLD."origin_latitude", OLD."origin_longitude")
    IS DISTINCT FROM (NEW."name", NEW."details", NEW."listed", NEW."popularity", NEW."expires_on", NEW."category",
      NEW."vendor_id", NEW."price_cents", NEW."labels", NEW."allergens", NEW."origin_latitude", NEW."origin_longitude"))
  EXECUTE FUNCTION announce_search_products();
--> statement-breakpoint
-- lock: CREATE TRIGGER takes SHARE ROW EXCLUSIVE on products until this short migration commits (milliseconds once granted): writes to products wait that long, reads do not.
CREATE OR REPLACE TRIGGER "products_search_announce_delete" AFTER DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION announce_search_products();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_search_shops() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_notify('farmstall_search_products', 'shops');
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "shops_search_announce"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "approval" ON "shops"
  FOR EACH ROW EXECUTE FUNCTION announce_search_shops();

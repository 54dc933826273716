-- Every new word of the search dictionary is announced on a channel of its own at the commit of the transaction
-- that added it, so each server process adds it to its in-memory spelling index (decision 030). Terms are only
-- ever added (0004), so additions are all there is to announce. Not on the catalog channel: a new word changes no
-- cached page, and a product renamed behind the app's back must not look announced.
CREATE FUNCTION announce_search_term() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_notify('farmstall_search_terms', NEW.term);
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER "search_terms_announce" AFTER INSERT ON "search_terms"
  FOR EACH ROW EXECUTE FUNCTION announce_search_term();

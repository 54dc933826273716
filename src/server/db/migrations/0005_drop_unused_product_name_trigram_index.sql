-- Search no longer matches trigrams on product names (decision 009: typos are corrected against the
-- search_terms dictionary, then full-text runs on products_search_idx); the index only slowed every write.
DROP INDEX IF EXISTS "products_name_trgm_idx";

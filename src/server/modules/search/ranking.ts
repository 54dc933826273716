import { type SQL, sql } from 'drizzle-orm';

/**
 * Which listed products match a shopper's text, as one UNION of index-backed lookups:
 * full-text (GIN on search_vector: name and details, English stemming), a close spelling of a word of the
 * name (trigram word similarity, GIN gin_trgm_ops, so "tomatos" finds "Tomatoes"), a shop whose name is
 * close, and a category whose label is close.
 */
export function matchingProductIds(q: string): SQL {
  return sql`
    SELECT id FROM products WHERE listed AND search_vector @@ websearch_to_tsquery('english', ${q})
    UNION
    SELECT id FROM products WHERE listed AND ${q} <% name
    UNION
    SELECT id FROM products WHERE listed AND vendor_id IN (
      SELECT id FROM users WHERE roll = 'vendor' AND disabled_at IS NULL AND ${q} <% shop_name)
    UNION
    SELECT id FROM products WHERE listed AND category IN (SELECT value FROM categories WHERE ${q} <% label)`;
}

/**
 * Relevance of a product (alias p, vendor u, category c) to the text: full-text rank over name (weight A)
 * and details (B), plus how close the name is, plus a smaller share for a close shop name or category.
 * Cast to float8 so the value round-trips exactly through a cursor.
 */
export function relevanceScore(q: string): SQL {
  return sql`(
    ts_rank(p.search_vector, websearch_to_tsquery('english', ${q}))
    + word_similarity(${q}, p.name)
    + 0.3 * greatest(word_similarity(${q}, coalesce(u.shop_name, '')), word_similarity(${q}, c.label))
  )::float8`;
}

import { type SQL, sql } from 'drizzle-orm';

/** The words of a search text worth matching on their own (a typo in one word must not hide the product). */
export function searchWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words)].slice(0, 6);
}

/**
 * Which listed products match a shopper's text, as one UNION of index-backed lookups:
 * full-text (GIN on search_vector: name and details, English stemming); a close spelling of the text or
 * of any of its words within the name (trigram word similarity, GIN gin_trgm_ops, so "tomatos" finds
 * "Tomatoes" and "chedar chese" finds "Cheddar Cheese"); a shop whose name is close; a category whose
 * label is close.
 */
export function matchingProductIds(q: string): SQL {
  const wordMatches = searchWords(q).map((word) => sql`SELECT id FROM products WHERE listed AND ${word} <% name`);
  return sql`
    SELECT id FROM products WHERE listed AND search_vector @@ websearch_to_tsquery('english', ${q})
    UNION
    SELECT id FROM products WHERE listed AND ${q} <% name
    ${wordMatches.length > 0 ? sql`UNION ${sql.join(wordMatches, sql` UNION `)}` : sql``}
    UNION
    SELECT id FROM products WHERE listed AND vendor_id IN (
      SELECT id FROM users WHERE roll = 'vendor' AND disabled_at IS NULL AND ${q} <% shop_name)
    UNION
    SELECT id FROM products WHERE listed AND category IN (SELECT value FROM categories WHERE ${q} <% label)`;
}

/**
 * Relevance of a product (alias p, vendor u, category c) to the text: full-text rank over name (weight A)
 * and details (B), plus how close the name is to the whole text, plus a smaller share for a close shop name
 * or category. Cast to float8 so it round-trips exactly through a cursor.
 */
export function relevanceScore(q: string): SQL {
  return sql`(
    ts_rank(p.search_vector, websearch_to_tsquery('english', ${q}))
    + word_similarity(${q}, p.name)
    + 0.3 * greatest(word_similarity(${q}, coalesce(u.shop_name, '')), word_similarity(${q}, c.label))
  )::float8`;
}

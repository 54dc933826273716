import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { closestShops } from '../shops/index.ts';

/** How many products each source of candidates offers at most: the ranking never scores more than a few hundred. */
export const CANDIDATES_PER_SOURCE = 100;
/** Closest shops and categories whose products join the candidates. */
const CLOSE_SHOPS = 2;
/** Shops whose name similarity adds to the score of their products (the others add nothing). */
const SCORED_SHOPS = 20;
const CLOSE_CATEGORIES = 2;

/** The words of a search text (letters and digits, two or more), at most six. */
export function searchWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
  return [...new Set(words)].slice(0, 6);
}

/** Words this long or longer also stand for the dictionary's compound words that start or end with them. */
const COMPOUND_MIN_LENGTH = 4;
/** Compound words (and completions of a word being typed) each word stands for, at most, on each side. */
const COMPOUNDS = 3;

/**
 * The query as full-text search understands it, one row, built in SQL from the shopper's words: `all_words` and
 * `any_word` choose the candidates, `as_spelled` ranks them. A word found in the `search_terms` dictionary of
 * catalog words stands for itself (a primary-key lookup); any other word also stands for its closest term above
 * the trigram similarity threshold (KNN on the dictionary's trigram GiST index: "chedar" → cheddar, "tomatos" →
 * tomatoes): that is `as_spelled`, and `corrected` the text with each word replaced by its correction. To find candidates, a word of four letters or more also stands for the three
 * shortest terms starting with it and the three ending with it ("cheese" → cheeseburger, "berries" →
 * strawberries: one range of the byte-ordered primary key, one of the index on the reversed terms). With
 * `prefixLast` the last word is still being typed: it also matches as the prefix of a word of a product name and
 * through its three shortest completions, however short. Those lookups are written here, word by word, only for the
 * words that need them, and each runs once (OFFSET 0 keeps the planner from copying them into every aggregate).
 * Words hold only letters and digits, and terms no spaces or ASCII punctuation, so quoting each one (quote_literal)
 * keeps the tsquery text well formed. `words` is never empty.
 */
export function spelledQuery(words: string[], options: { prefixLast?: boolean } = {}): SQL {
  const range = (column: SQL, start: SQL) => sql`${column} > ${start} AND ${column} < ${start} || chr(1114111)`;
  const starting = (word: string) => sql`(SELECT t.term FROM search_terms t WHERE ${range(sql`t.term`, sql`${word}`)}
    ORDER BY length(t.term), t.term LIMIT ${COMPOUNDS})`;
  const ending = (word: string) => sql`(SELECT t.term FROM search_terms t
    WHERE ${range(sql`reverse(t.term)`, sql`reverse(${word})`)} ORDER BY length(t.term), t.term LIMIT ${COMPOUNDS})`;
  const rows = words.map((word, index) => {
    const typed = options.prefixLast && index === words.length - 1;
    const compound = [...word].length >= COMPOUND_MIN_LENGTH;
    const lookups = [...(typed || compound ? [starting(word)] : []), ...(compound ? [ending(word)] : [])];
    const terms = lookups.length
      ? sql`(SELECT string_agg(quote_literal(c.term), ' | ') FROM (${sql.join(lookups, sql` UNION ALL `)}) AS c)`
      : sql`NULL::text`;
    return sql`SELECT ${index + 1}::int AS ord, ${word}::text AS word,
      concat_ws(' | ', ${typed ? sql`quote_literal(${word}::text) || ':*A'` : sql`NULL`}, ${terms}) AS extra`;
  });
  return sql`
    SELECT to_tsquery('english', string_agg('(' || alternatives || ')', ' & ' ORDER BY ord)) AS all_words,
           to_tsquery('english', string_agg(alternatives, ' | ' ORDER BY ord)) AS any_word,
           to_tsquery('english', string_agg(spellings, ' | ' ORDER BY ord)) AS as_spelled,
           string_agg(corrected, ' ' ORDER BY ord) AS corrected
    FROM (
      SELECT w.ord, spellings, coalesce(closest.term, w.word) AS corrected,
        concat_ws(' | ', spellings, nullif(w.extra, '')) AS alternatives
      FROM (${sql.join(rows, sql` UNION ALL `)} OFFSET 0) AS w
      LEFT JOIN LATERAL (
        SELECT t.term FROM search_terms t
        WHERE t.term % w.word AND NOT EXISTS (SELECT FROM search_terms known WHERE known.term = w.word)
        ORDER BY t.term <-> w.word LIMIT 1
      ) AS closest ON true
      CROSS JOIN LATERAL (SELECT concat_ws(' | ', quote_literal(w.word), quote_literal(closest.term)) AS spellings)
        AS forms
      OFFSET 0
    ) AS per_word`;
}

/** A shop whose name is close to the search text, and how close (trigram word similarity). */
export type ShopMatch = { vendorId: string; similarity: number; close: boolean };

/** The shops worth ranking for the text (the shops module answers; catalog never reads its table). */
export async function searchShops(db: Tx, q: string): Promise<ShopMatch[]> {
  return (await closestShops(db, q, SCORED_SHOPS, { spelling: false })).map(({ vendorId, similarity, close }) => ({
    vendorId,
    similarity,
    close,
  }));
}

/**
 * The CTEs `spelled` (see spelledQuery), `every_word` and `candidates`: the ids of the products worth ranking
 * for the text, each source bounded so that the cost stays flat however large the catalog grows. Products
 * whose name or details hold every word (GIN on search_vector); only when those are fewer than a full source,
 * products holding any word; the newest products of the two closest shops and the most popular of the two
 * closest categories (trigram word similarity: the shops as `shops` found them, the small categories table, by the
 * text as typed or corrected). `offered` filters the products (alias p).
 */
export function searchCandidates(q: string, words: string[], offered: SQL, shops: ShopMatch[]): SQL {
  const closeShops = shops.filter((shop) => shop.close).slice(0, CLOSE_SHOPS);
  return sql`spelled AS (${spelledQuery(words)}),
    every_word AS MATERIALIZED (
      SELECT p.id FROM products p WHERE ${offered} AND p.search_vector @@ (SELECT all_words FROM spelled)
      LIMIT ${CANDIDATES_PER_SOURCE}),
    candidates AS (
      SELECT id FROM every_word
      UNION
      (SELECT p.id FROM products p
       WHERE (SELECT count(*) FROM every_word) < ${CANDIDATES_PER_SOURCE}
         AND ${offered} AND p.search_vector @@ (SELECT any_word FROM spelled)
       LIMIT ${CANDIDATES_PER_SOURCE})
      UNION
      (SELECT shop_products.id FROM unnest(${sql.param(closeShops.map((s) => s.vendorId))}::uuid[]) AS shop(id)
        CROSS JOIN LATERAL (
          SELECT p.id FROM products p WHERE p.vendor_id = shop.id AND ${offered}
          ORDER BY p.created_at DESC LIMIT ${CANDIDATES_PER_SOURCE / CLOSE_SHOPS}) AS shop_products)
      UNION
      (SELECT category_products.id FROM (
          SELECT value FROM categories, (SELECT corrected FROM spelled) AS typo
          WHERE ${q} <% label OR typo.corrected <% label
          ORDER BY least(${q} <<-> label, typo.corrected <<-> label) LIMIT ${CLOSE_CATEGORIES}) AS category
        CROSS JOIN LATERAL (
          SELECT p.id FROM products p WHERE p.category = category.value AND ${offered}
          ORDER BY p.popularity DESC NULLS LAST, p.id LIMIT ${CANDIDATES_PER_SOURCE / CLOSE_CATEGORIES}
        ) AS category_products))`;
}

/**
 * How close the name of product p is to the text as typed: trigram word similarity (the text is in the name) and
 * half the similarity to the name's head noun (the strawberries rank above the strawberry shortcake, the
 * buttermilk above the buttermilk waffles).
 */
export function nameCloseness(q: string): SQL {
  // The head noun: the last word before any note in brackets ("Pasture-Raised Eggs (dozen)" → Eggs), no regex.
  const head = sql`split_part(split_part(p.name, ' (', 1), ' ', -1)`;
  return sql`(word_similarity(${q}, p.name) + 0.5 * similarity(${q}, ${head}))`;
}

/**
 * Relevance of a product (alias p, category c) to the text: full-text rank of the words as spelled (not their
 * compounds) over name (weight A) and details (B), plus how close the name is to the text as typed, plus a
 * smaller share for a close shop name or category. Cast to float8 so it round-trips exactly through a cursor.
 */
export function relevanceScore(q: string, shops: ShopMatch[]): SQL {
  const shopSimilarity = sql`coalesce((
    SELECT s.similarity FROM unnest(${sql.param(shops.map((s) => s.vendorId))}::uuid[], ${sql.param(shops.map((s) => s.similarity))}::float8[])
      AS s(vendor_id, similarity)
    WHERE s.vendor_id = p.vendor_id), 0)`;
  return sql`(
    ts_rank(p.search_vector, (SELECT as_spelled FROM spelled))
    + ${nameCloseness(q)}
    + 0.3 * greatest(${shopSimilarity}, word_similarity(${q}, c.label))
  )::float8`;
}

import { type SQL, sql } from 'drizzle-orm';
import { closestShopsRelation } from '../shops/index.ts';
import type { Cursor } from './cursor.ts';
import { PRODUCT_COLUMNS, SHOP_CARD_JOIN } from './product-rows.ts';

/** A number written into the statement's text (not a parameter), so a prepared statement's generic plan knows it. */
export const literal = (n: number) => sql.raw(String(n));

/** How many products each source of candidates offers at most: the ranking never scores more than a few hundred. */
export const CANDIDATES_PER_SOURCE = 100;
/**
 * Postings (search_postings, one per word of a name) read per term of the search to find products holding every
 * word: the walk stops there even when fewer than CANDIDATES_PER_SOURCE of them hold the other words.
 */
const WALKED_PER_TERM = 1000;
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
 * `any_word` choose the candidates, `as_spelled` ranks them. Each word has its spelling in `spelled` (the same
 * order), from the process's in-memory index of the dictionary (spelling.ts): the word itself when it is a term,
 * its closest term ("chedar" → cheddar, "tomatos" → tomatoes), or null when the index knows none; only then does
 * PostgreSQL look it up in the `search_terms` dictionary of catalog words, where a word found stands for itself
 * (a primary-key lookup) and any other word also for its closest term above the trigram similarity threshold (KNN
 * on the dictionary's trigram GiST index). The word and its correction are `as_spelled`, and `corrected` the text
 * with each word replaced by its correction. To find
 * candidates, a word of four letters or more also stands for the three shortest terms starting with it and the
 * three ending with it ("cheese" → cheeseburger, "berries" → strawberries: one range of the byte-ordered primary
 * key, one of the index on the reversed terms). With `prefixLast` the last word is still being typed: it also
 * matches as the prefix of a word of a product name and through its three shortest completions, however short.
 * The words and their spellings are two array parameters, so the statement's text is the same for every search (one prepared statement,
 * one plan); a lookup a word does not need stops at its one-time filter, and each runs once (OFFSET 0 keeps the
 * planner from copying them into every aggregate). Words hold only letters and digits, and terms no spaces or ASCII
 * punctuation, so quoting each one (quote_literal) keeps the tsquery text well formed. `words` is never empty.
 */
export function spelledQuery(words: string[], spelled: (string | null)[], options: { prefixLast?: boolean } = {}): SQL {
  const range = (column: SQL, start: SQL) => sql`${column} > ${start} AND ${column} < ${start} || chr(1114111)`;
  const shortest = sql`ORDER BY length(t.term), t.term LIMIT ${literal(COMPOUNDS)}`;
  const typed = options.prefixLast ? sql`w.ord = cardinality(a.list)` : sql`false`;
  return sql`
    SELECT to_tsquery('english', string_agg('(' || alternatives || ')', ' & ' ORDER BY ord)) AS all_words,
           to_tsquery('english', string_agg(alternatives, ' | ' ORDER BY ord)) AS any_word,
           to_tsquery('english', string_agg(spellings, ' | ' ORDER BY ord)) AS as_spelled,
           string_agg(corrected, ' ' ORDER BY ord) AS corrected,
           tsvector_to_array(to_tsvector('english', string_agg(alternatives, ' ' ORDER BY ord))) AS terms
    FROM (
      SELECT w.ord, spellings, coalesce(closest.term, w.word) AS corrected,
        concat_ws(' | ', spellings, nullif(concat_ws(' | ', prefix, more.terms), '')) AS alternatives
      FROM (
        SELECT w.word, w.spelled, w.ord, ${typed} AS typed,
          char_length(w.word) >= ${literal(COMPOUND_MIN_LENGTH)} AS compound
        FROM (SELECT ${sql.param(words)}::text[] AS list, ${sql.param(spelled)}::text[] AS spelled OFFSET 0) AS a,
          unnest(a.list, a.spelled) WITH ORDINALITY AS w(word, spelled, ord)
      ) AS w
      LEFT JOIN LATERAL (
        SELECT string_agg(quote_literal(c.term), ' | ') AS terms FROM (
          (SELECT t.term FROM search_terms t WHERE (w.typed OR w.compound) AND ${range(sql`t.term`, sql`w.word`)} ${shortest})
          UNION ALL
          (SELECT t.term FROM search_terms t
           WHERE w.compound AND ${range(sql`reverse(t.term)`, sql`reverse(w.word)`)} ${shortest})
        ) AS c
      ) AS more ON true
      LEFT JOIN LATERAL (
        SELECT nullif(w.spelled, w.word) AS term WHERE w.spelled IS NOT NULL
        UNION ALL
        (SELECT t.term FROM search_terms t
         WHERE w.spelled IS NULL AND t.term % w.word
           AND NOT EXISTS (SELECT FROM search_terms known WHERE known.term = w.word)
         ORDER BY t.term <-> w.word LIMIT 1)
      ) AS closest ON true
      CROSS JOIN LATERAL (SELECT concat_ws(' | ', quote_literal(w.word), quote_literal(closest.term)) AS spellings,
        CASE WHEN w.typed THEN quote_literal(w.word) || ':*A' END AS prefix) AS forms
      OFFSET 0
    ) AS per_word`;
}

/**
 * The CTEs `spelled` (see spelledQuery), `close_shops`, `every_word`, `any_word`, `named`, `described` and
 * `candidates`: the products worth ranking for the text, each source bounded so that the cost stays flat however
 * large the catalog grows (decision 016). Products whose name holds every word, found by walking each term's
 * postings (search_postings, most popular first, `posted` filtering them like `offered`) and checking the name's
 * other words from the same index entry, at most WALKED_PER_TERM entries per term; only when those are fewer than
 * a full source, the most popular products whose name holds any word; only when those are still fewer, products
 * whose name or details hold any word (GIN on search_vector: a word found in details alone, or with digits); the
 * newest products of the two closest shops and the most popular of the two
 * closest categories (trigram word similarity by the text as typed: the shops module's `closestShopsRelation`, the
 * small categories table, by the text as typed or corrected). `offered` filters the products (alias p). Everything
 * is in the one statement, and nothing in it is a parameter whose value changes the plan (no id lists, limits
 * written in the text), so PostgreSQL runs a prepared search on its generic plan instead of planning each search.
 */
export function searchCandidates(
  q: string,
  words: string[],
  spelled: (string | null)[],
  offered: SQL,
  posted: SQL,
): SQL {
  // What ranking reads of a candidate, taken from the row each source already visits (no second visit).
  const found = sql`p.id, p.name, p.vendor_id, p.category, p.search_vector, p.price_cents, p.origin_latitude,
    p.origin_longitude`;
  const limit = literal(CANDIDATES_PER_SOURCE);
  // The postings of one term (alias sp) in popularity order, offered ones only, at most `n`.
  const walk = (n: number) => sql`SELECT sp.product_id, sp.popularity, sp.name_terms FROM search_postings sp
    WHERE sp.term = t.term AND ${posted} ORDER BY sp.popularity DESC, sp.product_id LIMIT ${literal(n)}`;
  return sql`spelled AS (${spelledQuery(words, spelled)}),
    close_shops AS MATERIALIZED (SELECT * FROM ${closestShopsRelation(q, SCORED_SHOPS)} AS shop),
    every_word AS MATERIALIZED (
      SELECT walked.product_id FROM (SELECT terms, all_words FROM spelled) AS s, unnest(s.terms) AS t(term)
        CROSS JOIN LATERAL (${walk(WALKED_PER_TERM)}) AS walked
      WHERE walked.name_terms @@ s.all_words
      LIMIT ${limit}),
    any_word AS MATERIALIZED (
      SELECT walked.product_id FROM (SELECT terms FROM spelled) AS s, unnest(s.terms) AS t(term)
        CROSS JOIN LATERAL (${walk(CANDIDATES_PER_SOURCE)}) AS walked
      WHERE (SELECT count(DISTINCT product_id) FROM every_word) < ${limit}
      ORDER BY walked.popularity DESC, walked.product_id LIMIT ${limit}),
    named AS MATERIALIZED (SELECT product_id FROM every_word UNION SELECT product_id FROM any_word),
    described AS MATERIALIZED (
      SELECT ${found} FROM products p
      WHERE (SELECT count(*) FROM named) < ${limit} AND ${offered} AND p.search_vector @@ (SELECT any_word FROM spelled)
      LIMIT ${limit}),
    candidates AS MATERIALIZED (SELECT DISTINCT ON (id) * FROM (
      SELECT ${found} FROM named JOIN products p ON p.id = named.product_id WHERE ${offered}
      UNION ALL
      SELECT * FROM described
      UNION ALL
      (SELECT shop_products.* FROM (
          SELECT vendor_id FROM close_shops WHERE close ORDER BY place LIMIT ${literal(CLOSE_SHOPS)}) AS shop
        CROSS JOIN LATERAL (
          SELECT ${found} FROM products p WHERE p.vendor_id = shop.vendor_id AND ${offered}
          ORDER BY p.created_at DESC LIMIT ${literal(CANDIDATES_PER_SOURCE / CLOSE_SHOPS)}) AS shop_products)
      UNION ALL
      (SELECT category_products.* FROM (
          SELECT value FROM categories, (SELECT corrected FROM spelled) AS typo
          WHERE ${q} <% label OR typo.corrected <% label
          ORDER BY least(${q} <<-> label, typo.corrected <<-> label) LIMIT ${literal(CLOSE_CATEGORIES)}) AS category
        CROSS JOIN LATERAL (
          SELECT ${found} FROM products p WHERE p.category = category.value AND ${offered}
          ORDER BY p.popularity DESC NULLS LAST, p.id LIMIT ${literal(CANDIDATES_PER_SOURCE / CLOSE_CATEGORIES)}
        ) AS category_products)
    ) AS found ORDER BY id)`;
}

/**
 * Whether more products hold the words than the candidates (after the CTEs of `searchCandidates`): a source of
 * products by their words stopped at its limit, so the count of candidates is a lower bound ("100+").
 */
export const candidatesCapped = sql`(
  (SELECT count(*) FROM every_word) >= ${literal(CANDIDATES_PER_SOURCE)}
  OR (SELECT count(*) FROM any_word) >= ${literal(CANDIDATES_PER_SOURCE)}
  OR (SELECT count(*) FROM described) >= ${literal(CANDIDATES_PER_SOURCE)})`;

/**
 * How close the name of product p is to the text as typed: trigram word similarity (the text is in the name) and
 * half the similarity to the name's head noun (the strawberries rank above the strawberry shortcake, the
 * buttermilk above the buttermilk waffles).
 */
export function nameCloseness(q: string): SQL {
  // The head noun: the last word before any note in brackets ("Jasmine Rice (2 kg)" → Rice), no regex.
  const head = sql`split_part(split_part(p.name, ' (', 1), ' ', -1)`;
  return sql`(word_similarity(${q}, p.name) + 0.5 * similarity(${q}, ${head}))`;
}

/**
 * Relevance of a candidate (alias p, its category's closeness to the text `c`) to the text: full-text rank of the
 * words as spelled (not their compounds) over name (weight A) and details (B), plus how close the name is to the
 * text as typed, plus a smaller share for a close shop name or category. Cast to float8 so it round-trips exactly
 * through a cursor.
 */
function relevanceScore(q: string): SQL {
  return sql`(
    ts_rank(p.search_vector, (SELECT as_spelled FROM spelled))
    + ${nameCloseness(q)}
    + 0.3 * greatest(coalesce((SELECT s.similarity FROM close_shops s WHERE s.vendor_id = p.vendor_id), 0), c.similarity)
  )::float8`;
}

/**
 * The page of a search ranked by relevance (after the CTEs of `searchCandidates`): the candidates scored, the page
 * after `cursor` chosen by id and score alone (among those `inPrice`, on p.price_cents, p.origin_*), then only its rows
 * joined to their columns, shop and deal (and the `extra` columns). Each
 * category's closeness to the text is computed once, not once per product.
 */
export function relevancePage(
  q: string,
  cursor: Cursor | undefined,
  fetch: number,
  inPrice: SQL = sql`true`,
  extra: SQL = sql``,
): SQL {
  const after = cursor
    ? sql`WHERE ranked.score < ${cursor.value}::float8 OR (ranked.score = ${cursor.value}::float8 AND ranked.id > ${cursor.id}::uuid)`
    : sql``;
  return sql`
    SELECT ${PRODUCT_COLUMNS}, page.score, page.total, ${candidatesCapped} AS capped ${extra}
    FROM (
      SELECT ranked.* FROM (
        SELECT p.id, ${relevanceScore(q)} AS score, count(*) OVER ()::int AS total
        FROM candidates p
        JOIN (SELECT value, word_similarity(${q}, label) AS similarity FROM categories) c ON c.value = p.category
        WHERE ${inPrice}
      ) ranked
      ${after}
      ORDER BY ranked.score DESC, ranked.id ASC
      LIMIT ${literal(fetch)}
    ) page
    JOIN products p ON p.id = page.id ${SHOP_CARD_JOIN}
    ORDER BY page.score DESC, page.id ASC`;
}

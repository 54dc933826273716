import { sql } from 'drizzle-orm';
import { type Suggestion, suggestion } from '#contract/catalog.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { closestShops, shopCardsRelation, shopListed } from '../shops/index.ts';
import { queryPrepared } from './prepared.ts';
import { literal, nameCloseness, searchWords, spelledQuery } from './search-ranking.ts';
import { type Spell, spellInSql } from './spelling.ts';

const PRODUCTS = 6;
/** Matching products looked at to choose the six shown: bounded, so a short prefix costs no more than a word. */
const PRODUCT_CANDIDATES = 50;
const SHOPS = 3;
const CATEGORIES = 3;

/**
 * As-you-type suggestions: offered products holding every word, the last one as a prefix or a completion, each
 * word also through its closest spelling (the search dictionary and the full-text index, see search-ranking.ts),
 * best ranked first (full-text rank plus how close the name is to the text as typed, as the results page ranks),
 * each with its shop's name (the shops module's relation, joined in the same statement to the six shown only);
 * shops (from the shops module) and categories whose name contains the text or is a close spelling of it, as typed
 * or with its words spelled as the dictionary knows them (trigram indexes on those small tables), closest first.
 */
export async function suggest(db: Tx, q: string, spell: Spell = spellInSql): Promise<Suggestion[]> {
  const words = searchWords(q);
  if (q.length < 2 || words.length === 0) return [];
  const like = containing(q);
  const [rows, shops] = await Promise.all([
    queryPrepared(
      db,
      suggestion,
      sql`
    WITH spelled AS (${spelledQuery(words, spell(words), { prefixLast: true })})
    (SELECT 'product' AS kind, m.id::text AS id, m.name AS label, shop.name AS detail
       FROM (
         SELECT * FROM (
           SELECT p.id, p.name, p.vendor_id, p.popularity,
             ts_rank(p.search_vector, (SELECT all_words FROM spelled)) + ${nameCloseness(q)} AS rank
           FROM products p
           WHERE p.listed AND p.expires_on >= ${BUSINESS_TODAY} AND p.search_vector @@ (SELECT all_words FROM spelled)
             AND ${shopListed(sql`p.vendor_id`)}
           LIMIT ${literal(PRODUCT_CANDIDATES)}) AS found
         ORDER BY found.rank DESC, found.popularity DESC, found.id
         LIMIT ${literal(PRODUCTS)}) AS m
       LEFT JOIN ${shopCardsRelation()} AS shop ON shop.vendor_id = m.vendor_id
       ORDER BY m.rank DESC, m.popularity DESC, m.id)
    UNION ALL
    (SELECT 'category', c.value, c.label, NULL FROM categories c
       WHERE c.label ILIKE ${like} OR ${q} <% c.label OR (SELECT corrected FROM spelled) <% c.label
       ORDER BY greatest(word_similarity(${q}, c.label), word_similarity((SELECT corrected FROM spelled), c.label)) DESC, c.id
       LIMIT ${literal(CATEGORIES)})`,
    ),
    closestShops(db, q, SHOPS),
  ]);
  return [
    ...rows.filter((row) => row.kind === 'product'),
    ...shops.map((shop) => ({ kind: 'shop' as const, id: shop.vendorId, label: shop.name, detail: shop.address })),
    ...rows.filter((row) => row.kind === 'category'),
  ];
}

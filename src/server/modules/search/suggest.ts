import { sql } from 'drizzle-orm';
import type { Suggestion } from '#contract/catalog.ts';
import type { Tx } from '../../db/client.ts';

const PRODUCTS = 6;
const SHOPS = 3;
const CATEGORIES = 3;

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * As-you-type suggestions: offered products, shops and categories whose name contains the text or is a
 * close spelling of it (trigram indexes), closest first. One statement.
 */
export async function suggest(db: Tx, q: string): Promise<Suggestion[]> {
  if (q.length < 2) return [];
  const like = likePattern(q);
  const result = await db.execute(sql`
    (SELECT 'product' AS kind, p.id::text AS id, p.name AS label, u.shop_name AS detail
       FROM products p JOIN users u ON u.id = p.vendor_id
       WHERE p.listed AND p.expires_on >= current_date AND (p.name ILIKE ${like} OR ${q} <% p.name)
       ORDER BY (p.name ILIKE ${like}) DESC, word_similarity(${q}, p.name) DESC, p.popularity DESC, p.id
       LIMIT ${PRODUCTS})
    UNION ALL
    (SELECT 'shop', u.id::text, u.shop_name, u.shop_address FROM users u
       WHERE u.roll = 'vendor' AND u.disabled_at IS NULL AND (u.shop_name ILIKE ${like} OR ${q} <% u.shop_name)
       ORDER BY word_similarity(${q}, u.shop_name) DESC, u.shop_name
       LIMIT ${SHOPS})
    UNION ALL
    (SELECT 'category', c.value, c.label, NULL FROM categories c
       WHERE c.label ILIKE ${like} OR ${q} <% c.label
       ORDER BY word_similarity(${q}, c.label) DESC, c.id
       LIMIT ${CATEGORIES})`);
  return result.rows as Suggestion[];
}

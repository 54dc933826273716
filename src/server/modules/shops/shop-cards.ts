import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';

/** What a product, a cart line or a search suggestion shows of the shop that sells it. */
export type ShopCard = { vendorId: string; name: string; image: string | null; address: string | null; email: string };

const cardRow = z.object({
  vendor_id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string(),
});
const toCard = (row: z.infer<typeof cardRow>): ShopCard => ({
  vendorId: row.vendor_id,
  name: row.name,
  image: row.image,
  address: row.address,
  email: row.email,
});

/** The shops of these vendors (enabled or not), by vendor id: one query for a whole page of products. */
export async function shopCards(db: Tx, vendorIds: readonly string[]): Promise<Map<string, ShopCard>> {
  const ids = [...new Set(vendorIds)];
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT s.vendor_id, s.name, s.image, s.address, u.email
    FROM shops s JOIN users u ON u.id = s.vendor_id
    WHERE s.vendor_id = ANY(${sql.param(ids)}::uuid[])`);
  return new Map(parseRows(cardRow, result.rows).map((row) => [row.vendor_id, toCard(row)]));
}

/** The shop whose vendor signs in with this (normalised) e-mail, if any. */
export async function shopOfEmail(db: Tx, email: string): Promise<ShopCard | undefined> {
  const result = await db.execute(sql`
    SELECT s.vendor_id, s.name, s.image, s.address, u.email
    FROM shops s JOIN users u ON u.id = s.vendor_id WHERE u.email = ${email}`);
  return parseRows(cardRow, result.rows).map(toCard)[0];
}

/** The vendor's membership ('normal' when the vendor has no shop yet). */
export async function shopMembership(db: Tx, vendorId: string): Promise<'normal' | 'premium'> {
  const result = await db.execute(sql`SELECT membership FROM shops WHERE vendor_id = ${vendorId}::uuid`);
  const [row] = parseRows(z.object({ membership: z.enum(['normal', 'premium']) }), result.rows);
  return row?.membership ?? 'normal';
}

const closeRow = cardRow.extend({ similarity: z.number(), close: z.boolean() });

/**
 * Active shops whose name contains the text or is a close spelling of it (trigram word similarity), closest
 * first, at most `limit`; `close` says the name passes the similarity threshold (`<%`), not only the substring.
 */
export async function closestShops(
  db: Tx,
  q: string,
  limit: number,
): Promise<(ShopCard & { similarity: number; close: boolean })[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await db.execute(sql`
    SELECT s.vendor_id, s.name, s.image, s.address, u.email,
      word_similarity(${q}, s.name)::float8 AS similarity, (${q} <% s.name) AS close
    FROM shops s JOIN users u ON u.id = s.vendor_id
    WHERE u.roll = 'vendor' AND u.disabled_at IS NULL AND (s.name ILIKE ${like} OR ${q} <% s.name)
    ORDER BY word_similarity(${q}, s.name) DESC, s.name, s.vendor_id
    LIMIT ${limit}`);
  return parseRows(closeRow, result.rows).map((row) => ({
    ...toCard(row),
    similarity: row.similarity,
    close: row.close,
  }));
}

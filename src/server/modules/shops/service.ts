import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MEMBERSHIPS } from '#contract/roles.ts';
import type { Shop } from '#contract/shops.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { parseFirst, parseRows } from '../../db/rows.ts';
import { notFound } from '../../errors.ts';

const shopRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  shop_name: z.string(),
  shop_image: z.string().nullable(),
  shop_address: z.string().nullable(),
  shop_phone: z.string().nullable(),
  shop_established: z.string().nullable(),
  membership: z.enum(MEMBERSHIPS),
  badge: z.string().nullable(),
  product_count: z.number(),
});
type ShopRow = z.infer<typeof shopRow>;

const SHOP_COLUMNS = sql`
  u.id, u.name, u.email, s.name AS shop_name, s.image AS shop_image, s.address AS shop_address,
  s.phone AS shop_phone, s.established AS shop_established, s.membership, s.badge,
  (SELECT count(*)::int FROM products p WHERE p.vendor_id = u.id AND p.listed AND p.expires_on >= ${BUSINESS_TODAY})
    AS product_count`;

function toShop(row: ShopRow): Shop {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    shop: row.shop_name,
    image: row.shop_image,
    address: row.shop_address,
    phone: row.shop_phone,
    date: row.shop_established,
    sinceYear: row.shop_established ? Number(row.shop_established.slice(0, 4)) : null,
    membership: row.membership,
    badge: row.badge,
    productCount: row.product_count,
  };
}

/** Active vendors' shops; `q` matches the shop name or address (substring or close spelling), best first. */
export async function listShops(db: Tx, q?: string): Promise<Shop[]> {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const result = await db.execute(sql`
    SELECT ${SHOP_COLUMNS} FROM shops s JOIN users u ON u.id = s.vendor_id
    WHERE u.roll = 'vendor' AND u.disabled_at IS NULL
    ${q ? sql`AND (s.name ILIKE ${like} OR s.address ILIKE ${like} OR ${q} <% s.name)` : sql``}
    ORDER BY ${q ? sql`word_similarity(${q}, s.name) DESC,` : sql``} s.name ASC, u.id`);
  return parseRows(shopRow, result.rows).map(toShop);
}

export async function getShop(db: Tx, id: string): Promise<Shop> {
  const result = await db.execute(sql`
    SELECT ${SHOP_COLUMNS} FROM shops s JOIN users u ON u.id = s.vendor_id
    WHERE u.id = ${id}::uuid AND u.roll = 'vendor' AND u.disabled_at IS NULL`);
  const row = parseFirst(shopRow, result.rows);
  if (!row) throw notFound('Shop');
  return toShop(row);
}

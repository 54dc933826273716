import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import {
  accountEmailsRelation,
  accountsByIds,
  activeAccountIdsRelation,
  activeAccountsByIds,
  findActiveUserByEmail,
} from '../users/index.ts';
import { type ShopProfile, shopOf, shopsByVendorIds } from './profiles.ts';
import { membershipPlans, shops } from './tables.ts';

/** What a product, a cart line or a search suggestion shows of the shop that sells it. */
export type ShopCard = { vendorId: string; name: string; image: string | null; address: string | null; email: string };

const toCard = (shop: ShopProfile, email: string): ShopCard => ({
  vendorId: shop.vendorId,
  name: shop.name,
  image: shop.image,
  address: shop.address,
  email,
});

/** The shops of these vendors (enabled or not), by vendor id: two queries for a whole page of products. */
export async function shopCards(db: Tx, vendorIds: readonly string[]): Promise<Map<string, ShopCard>> {
  const found = await shopsByVendorIds(db, vendorIds);
  const owners = await accountsByIds(db, [...found.keys()]);
  return new Map(
    [...found.values()].map((shop) => [shop.vendorId, toCard(shop, owners.get(shop.vendorId)?.email ?? '')]),
  );
}

/**
 * Every shop's card (vendor_id, name, image, address, email, premium: the shop's plan gives the gold badge and, when
 * monthly, is paid for now) as a relation a product read joins in its own SQL, so a page of products and their shops
 * is one statement. Every shop has its vendor's account (a foreign key), so the account's join is a LEFT JOIN only for
 * PostgreSQL to drop it from the reads that never ask for the e-mail (every shopper's).
 */
export function shopCardsRelation(): SQL {
  return sql`(SELECT ${shops.vendorId} AS vendor_id, ${shops.name} AS name, ${shops.image} AS image,
    ${shops.address} AS address, account.email,
    (plan.gold_badge AND (${shops.paidUntil} IS NULL OR ${shops.paidUntil} > now())) AS premium
    FROM ${shops} LEFT JOIN ${accountEmailsRelation()} account ON account.id = ${shops.vendorId}
    JOIN ${membershipPlans} plan ON plan.key = ${shops.membership})`;
}

/** The shop of the enabled vendor who signs in with this e-mail, if any. */
export async function shopOfEmail(db: Tx, email: string): Promise<ShopCard | undefined> {
  const owner = await findActiveUserByEmail(db, email);
  const shop = owner && (await shopOf(db, owner.id));
  return shop && toCard(shop, owner.email);
}

/**
 * The text a shop search compares names with: as typed, and (`spelling`) as spelled, each word the search dictionary
 * does not know replaced by its closest term (`spelled_text`, migration 0012: "bakry" → bakery), read from the
 * one-row relation `typo` that the shop read joins (`spelledRelation`), so spelling costs no round trip of its own.
 */
export type ShopSearch = { q: string; texts: SQL[]; spelling: boolean };

export const shopSearch = (q: string, spelling = true): ShopSearch => ({
  q,
  texts: spelling ? [sql`${q}::text`, sql`typo.spelled`] : [sql`${q}::text`],
  spelling,
});

/** The relation `typo` (one row: `spelled`, the text as spelled) a shop search joins; OFFSET 0 spells it once, not per shop. */
export const spelledRelation = (search: ShopSearch) =>
  sql`(SELECT spelled_text(${search.q}) AS spelled OFFSET 0) AS typo`;

/** How close a shop's name is to the closest of the texts (trigram word similarity). */
export const nameSimilarity = ({ texts }: ShopSearch) =>
  sql<number>`greatest(${sql.join(
    texts.map((text) => sql`word_similarity(${text}, ${shops.name})`),
    sql`, `,
  )})::float8`.mapWith(Number);

/** The name is close to one of the texts (the trigram index on the name: `<%`). */
export const closeName = ({ texts }: ShopSearch) =>
  sql<boolean>`coalesce(${sql.join(
    texts.map((text) => sql`${text} <% ${shops.name}`),
    sql` OR `,
  )}, false)`;

/**
 * Listed shops (none waiting for review) whose name contains the text as typed or is close to one of the texts
 * (`address` too, when asked).
 */
export const matchingShops = (search: ShopSearch, options: { address?: boolean } = {}) =>
  and(
    eq(shops.approval, 'approved'),
    or(
      ilike(shops.name, containing(search.q)),
      options.address ? ilike(shops.address, containing(search.q)) : undefined,
      closeName(search),
    ),
  );

/**
 * `closestShops` without spelling as a relation another module's SQL may join (product search ranks by it in its own
 * statement): `vendor_id`, `similarity`, `close` and `place` (1 for the closest) of at most `limit` shops. The limit
 * is written into the text, so a prepared statement's generic plan knows it.
 */
export function closestShopsRelation(q: string, limit: number): SQL {
  const search = shopSearch(q, false);
  const similarity = nameSimilarity(search);
  return sql`(SELECT ${shops.vendorId} AS vendor_id, ${similarity} AS similarity, ${closeName(search)} AS close,
      row_number() OVER (ORDER BY ${similarity} DESC, ${shops.name}, ${shops.vendorId}) AS place
    FROM ${shops} JOIN ${activeAccountIdsRelation()} account ON account.id = ${shops.vendorId}
    WHERE ${matchingShops(search)}
    ORDER BY place LIMIT ${sql.raw(String(Math.trunc(limit)))})`;
}

/**
 * Enabled vendors' shops whose name contains the text or is a close spelling of it (see `shopSearch`),
 * closest first, at most `limit`; `close` says the name passes the similarity threshold (`<%`), not only the
 * substring. Read a batch at a time until enough shops of enabled vendors are found. `spelling: false` compares the
 * text as typed only (no dictionary lookup: product search, which corrects its words itself). One statement a batch
 * for the shops, one for their owners.
 */
export async function closestShops(
  db: Tx,
  q: string,
  limit: number,
  options: { spelling?: boolean } = {},
): Promise<(ShopCard & { similarity: number; close: boolean })[]> {
  const search = shopSearch(q, options.spelling !== false);
  const similarity = nameSimilarity(search);
  const found: (ShopCard & { similarity: number; close: boolean })[] = [];
  const batch = limit + 10;
  for (let offset = 0; found.length < limit; offset += batch) {
    const read = db
      .select({ shop: shops, similarity, close: closeName(search) })
      .from(shops)
      .$dynamic();
    const rows = await (search.spelling ? read.crossJoin(spelledRelation(search)) : read)
      .where(matchingShops(search))
      .orderBy(desc(similarity), asc(shops.name), asc(shops.vendorId))
      .limit(batch)
      .offset(offset);
    const owners = await activeAccountsByIds(
      db,
      rows.map((row) => row.shop.vendorId),
    );
    for (const row of rows) {
      const owner = owners.get(row.shop.vendorId);
      if (owner) found.push({ ...toCard(row.shop, owner.email), similarity: row.similarity, close: row.close });
    }
    if (rows.length < batch) break;
  }
  return found.slice(0, limit);
}

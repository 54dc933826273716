import { asc, desc, getTableColumns } from 'drizzle-orm';
import type { Shop } from '#contract/shops.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { type Account, activeAccountsByIds } from '../users/index.ts';
import { type ShopProfile, shopOf, shopsByVendorIds } from './profiles.ts';
import { matchingShops, nameSimilarity, shopSearch, spelledRelation } from './shop-cards.ts';
import { shops } from './tables.ts';

/** Offered products (listed, not expired) of each vendor, by vendor id: the catalog's answer, wired by app.ts. */
export type ProductCounts = (db: Tx, vendorIds: readonly string[]) => Promise<Map<string, number>>;

function toShop(shop: ShopProfile, owner: Account, productCount: number): Shop {
  return {
    _id: shop.vendorId,
    name: owner.name,
    shop: shop.name,
    image: shop.image,
    address: shop.address,
    phone: shop.phone,
    date: shop.established,
    sinceYear: shop.established ? Number(shop.established.slice(0, 4)) : null,
    membership: shop.membership,
    badge: shop.badge,
    productCount,
  };
}

/** The shops of enabled vendors, in the order given, with their owners and product counts. */
export async function withOwners(db: Tx, rows: ShopProfile[], productCounts: ProductCounts): Promise<Shop[]> {
  const ids = rows.map((shop) => shop.vendorId);
  const [owners, counts] = await Promise.all([activeAccountsByIds(db, ids), productCounts(db, ids)]);
  return rows.flatMap((shop) => {
    const owner = owners.get(shop.vendorId);
    return owner ? [toShop(shop, owner, counts.get(shop.vendorId) ?? 0)] : [];
  });
}

/** These vendors' shops (of enabled vendors), in the order given, with their owners and product counts. */
export async function shopsOfVendors(
  db: Tx,
  vendorIds: readonly string[],
  productCounts: ProductCounts,
): Promise<Shop[]> {
  const found = await shopsByVendorIds(db, vendorIds);
  return withOwners(
    db,
    vendorIds.flatMap((id) => found.get(id) ?? []),
    productCounts,
  );
}

/** Active vendors' shops; `q` matches the shop name or address (substring or close spelling, typos too), best first. */
export async function listShops(db: Tx, q: string | undefined, productCounts: ProductCounts): Promise<Shop[]> {
  const search = q ? shopSearch(q) : undefined;
  const read = db.select(getTableColumns(shops)).from(shops).$dynamic();
  const rows = await (search ? read.crossJoin(spelledRelation(search)) : read)
    .where(search ? matchingShops(search, { address: true }) : undefined)
    .orderBy(...(search ? [desc(nameSimilarity(search))] : []), asc(shops.name), asc(shops.vendorId));
  return withOwners(db, rows, productCounts);
}

export async function getShop(db: Tx, id: string, productCounts: ProductCounts): Promise<Shop> {
  const shop = await shopOf(db, id);
  const [found] = shop ? await withOwners(db, [shop], productCounts) : [];
  if (!found) throw notFound('Shop');
  return found;
}

import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import { greatCircleKm } from '#contract/place-labels.ts';
import type { Shop, ShopHandover, ShopPage } from '#contract/shops.ts';
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

type Place = { latitude: number; longitude: number };

/** Km from the place to the shop's (one decimal, as products' distances), or undefined when the shop has none. */
function kmTo(place: Place, shop: ShopProfile): number | undefined {
  if (shop.latitude === null || shop.longitude === null) return undefined;
  return Math.round(greatCircleKm(place, { latitude: shop.latitude, longitude: shop.longitude }) * 10) / 10;
}

/**
 * Active vendors' listed shops (none waiting for review); `q` matches the shop name or address (substring or close spelling, typos too), best first.
 * With the shopper's place each shop with a place has its distanceKm, and the list is nearest first (shops without
 * a place last, in the order above).
 */
export async function listShops(
  db: Tx,
  query: { q?: string; place?: Place },
  productCounts: ProductCounts,
): Promise<Shop[]> {
  const search = query.q ? shopSearch(query.q) : undefined;
  const read = db.select(getTableColumns(shops)).from(shops).$dynamic();
  const rows = await (search ? read.crossJoin(spelledRelation(search)) : read)
    .where(and(eq(shops.approval, 'approved'), search ? matchingShops(search, { address: true }) : undefined))
    .orderBy(...(search ? [desc(nameSimilarity(search))] : []), asc(shops.name), asc(shops.vendorId));
  const { place } = query;
  if (!place) return withOwners(db, rows, productCounts);
  const km = new Map(rows.map((shop) => [shop.vendorId, kmTo(place, shop)]));
  const far = (shop: ShopProfile) => km.get(shop.vendorId) ?? Number.POSITIVE_INFINITY;
  const nearest = rows
    .map((shop, i) => ({ shop, i }))
    .sort((a, b) => far(a.shop) - far(b.shop) || a.i - b.i)
    .map(({ shop }) => shop);
  const listed = await withOwners(db, nearest, productCounts);
  return listed.map((shop) => {
    const distanceKm = km.get(shop._id);
    return distanceKm === undefined ? shop : { ...shop, distanceKm };
  });
}

/** How a shop hands over orders (the slots module's answer, wired by app.ts: slots builds on shops). */
export type HandoverOf = (db: Tx, shopId: string) => Promise<ShopHandover>;

/** The shop's page: the shop, its story and links, and how it hands over orders. */
export async function getShop(
  db: Tx,
  id: string,
  sources: { productCounts: ProductCounts; handoverOf: HandoverOf },
  { evenHeld = false } = {},
): Promise<ShopPage> {
  // A shop waiting for review (or turned down) is not found, but by its own vendor saving its profile.
  const found = await shopOf(db, id);
  const shop = found && (evenHeld || found.approval === 'approved') ? found : undefined;
  const [card] = shop ? await withOwners(db, [shop], sources.productCounts) : [];
  if (!shop || !card) throw notFound('Shop');
  return {
    ...card,
    story: shop.story,
    website: shop.website,
    instagram: shop.instagram,
    facebook: shop.facebook,
    handover: await sources.handoverOf(db, id),
  };
}

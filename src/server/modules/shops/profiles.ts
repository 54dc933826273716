import { and, eq, inArray, sql } from 'drizzle-orm';
import { notifyCatalogChanged } from '../../db/change-feed.ts';
import type { Tx } from '../../db/client.ts';
import { shops } from './tables.ts';

/** A vendor's shop as stored (one per vendor). */
export type ShopProfile = typeof shops.$inferSelect;

/** What the vendor fills in at registration; membership and badge are the server's. */
export type ShopDetails = Pick<ShopProfile, 'name' | 'image' | 'address' | 'phone' | 'established'>;

/** The vendor's shop, or undefined when the user has none. */
export async function shopOf(db: Tx, vendorId: string): Promise<ShopProfile | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.vendorId, vendorId));
  return row;
}

/** The shops of these vendors, by vendor id (one query; vendors without a shop are absent). */
export async function shopsByVendorIds(db: Tx, vendorIds: readonly string[]): Promise<Map<string, ShopProfile>> {
  const ids = [...new Set(vendorIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(shops).where(inArray(shops.vendorId, ids));
  return new Map(rows.map((row) => [row.vendorId, row]));
}

/**
 * Opens the vendor's shop (membership normal), or updates its details when it has one already (membership and
 * badge stay). Runs in the caller's transaction, the one that makes the user a vendor.
 */
export async function saveShop(tx: Tx, vendorId: string, details: ShopDetails): Promise<void> {
  await tx
    .insert(shops)
    .values({ vendorId, ...details })
    .onConflictDoUpdate({ target: shops.vendorId, set: details });
  await notifyCatalogChanged(tx); // listings show the shop's name, picture and address
}

/** What the vendor changes of its shop at any time (its page's address is its id: a new name keeps it). */
export type ShopProfileChange = Pick<
  ShopProfile,
  'name' | 'story' | 'image' | 'address' | 'phone' | 'website' | 'instagram' | 'facebook'
>;

/** Saves the vendor's shop profile; false when the vendor has no shop. */
export async function saveShopProfile(db: Tx, vendorId: string, change: ShopProfileChange): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(shops)
      .set(change)
      .where(eq(shops.vendorId, vendorId))
      .returning({ vendorId: shops.vendorId });
    if (changed.length > 0) await notifyCatalogChanged(tx); // listings show the shop's name, picture and address
    return changed.length > 0;
  });
}

/** The gold badge of a shop whose plan gives it; answers how many shops changed (0 when it had it already). */
export async function awardGoldBadge(db: Tx, vendorId: string): Promise<number> {
  const changed = await db
    .update(shops)
    .set({ badge: 'gold' })
    .where(and(eq(shops.vendorId, vendorId), sql`${shops.badge} is distinct from 'gold'`))
    .returning({ vendorId: shops.vendorId });
  if (changed.length > 0) await notifyCatalogChanged(db);
  return changed.length;
}

/** Shops written as they are (the demo seed, with their membership and badge). */
export async function recordShops(tx: Tx, rows: (typeof shops.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(shops).values(rows);
}

/** Where the shop is (a delivery radius is measured from it) and the ZIP code it was placed by, or null to forget it. */
export async function setShopLocation(
  tx: Tx,
  vendorId: string,
  location: { latitude: number; longitude: number } | null,
  postcode: string | null = null,
): Promise<void> {
  await tx
    .update(shops)
    .set({ latitude: location?.latitude ?? null, longitude: location?.longitude ?? null, postcode })
    .where(eq(shops.vendorId, vendorId));
}

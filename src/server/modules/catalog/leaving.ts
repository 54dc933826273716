import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { unlistVendorProducts } from './owners.ts';
import { productOptions, products, shopperPlaces } from './tables.ts';

/** The place the shopper measures distances from, for the export (null when none was chosen). */
export async function placeForExport(db: Tx, userId: string) {
  const [row] = await db
    .select({
      postcode: shopperPlaces.postcode,
      latitude: shopperPlaces.latitude,
      longitude: shopperPlaces.longitude,
      updatedAt: shopperPlaces.updatedAt,
    })
    .from(shopperPlaces)
    .where(eq(shopperPlaces.userId, userId));
  return row ?? null;
}

/**
 * A vendor's products for the export, every column as stored (prices in cents), listed or not, each with its options
 * (sizes and packs, decision 052; those no longer sold too), first first.
 */
export async function productsForExport(db: Tx, vendorId: string) {
  const rows = await db.select().from(products).where(eq(products.vendorId, vendorId)).orderBy(asc(products.createdAt));
  const options = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.vendorId, vendorId))
    .orderBy(asc(productOptions.position), asc(productOptions.createdAt));
  return rows.map((row) => ({ ...row, options: options.filter((option) => option.productId === row.id) }));
}

/** An account leaving: its chosen place is deleted; a vendor's products leave the catalogue (unlisted, kept for orders). */
export async function eraseCatalogPart(tx: Tx, userId: string, isVendor: boolean): Promise<void> {
  await tx.delete(shopperPlaces).where(eq(shopperPlaces.userId, userId));
  if (isVendor) await unlistVendorProducts(tx, userId);
}

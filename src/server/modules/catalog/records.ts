import { count } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deals, products, shopMarkdowns } from './tables.ts';

/** A product as the demo data lists it (the database fills in id, popularity and listed when not given). */
export type ProductRecord = typeof products.$inferInsert;

/** Whether any product, listed or not, was ever recorded (the demo data seeds an empty catalog only). */
export async function hasProducts(db: Tx): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(products);
  return n > 0;
}

/** Records products as given (the demo data); returns what the rest of the seed refers to. */
export function recordProducts(tx: Tx, records: ProductRecord[]) {
  return tx.insert(products).values(records).returning({
    id: products.id,
    name: products.name,
    vendorId: products.vendorId,
    imageUrl: products.imageUrl,
    priceCents: products.priceCents,
    createdAt: products.createdAt,
  });
}

/** Sets shops' near-expiry markdown rules (the demo data). */
export async function recordShopMarkdowns(
  tx: Tx,
  records: { vendorId: string; percent: number; days: number }[],
): Promise<void> {
  await tx.insert(shopMarkdowns).values(records);
}

/** Starts deals of the day ending at the given moments (the demo data). */
export async function recordDeals(
  tx: Tx,
  records: { productId: string; endsAt: Date; discountPercent?: number }[],
): Promise<void> {
  await tx.insert(deals).values(records);
}

import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { shops } from './tables.ts';

/** A vendor's shop profile for the export, as stored (null for an account without a shop). */
export async function shopForExport(db: Tx, vendorId: string) {
  const [row] = await db.select().from(shops).where(eq(shops.vendorId, vendorId));
  return row ?? null;
}

/**
 * A vendor leaving: its shop's public profile goes (picture, address, phone, story, web links, location cleared; its page and card are
 * gone since the account is disabled). The row and its name stay: past orders, statements and the ledger name the
 * shop, a trading name kept as business data (docs/privacy.md).
 */
export async function closeShopProfile(tx: Tx, vendorId: string): Promise<void> {
  await tx
    .update(shops)
    .set({
      image: null,
      address: null,
      phone: null,
      story: null,
      website: null,
      instagram: null,
      facebook: null,
      latitude: null,
      longitude: null,
      postcode: null,
      badge: null,
    })
    .where(eq(shops.vendorId, vendorId));
}

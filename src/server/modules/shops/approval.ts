import { asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { HeldShop, ShopApprovalState, ShopReviewInput } from '#contract/shop-approval.ts';
import { notifyCatalogChanged } from '../../db/change-feed.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { notify } from '../notifications/index.ts';
import { activeAccountsByIds } from '../users/index.ts';
import { readMarketplace } from './marketplace.ts';
import { shops } from './tables.ts';

/**
 * `vendor` (a column or value naming a vendor) is a shop the marketplace lists: not waiting for review nor turned down.
 * The held shops are few (none while the marketplace does not review new shops), read once per statement and probed
 * by hash.
 */
export const shopListed = (vendor: SQL): SQL =>
  sql`${vendor} NOT IN (SELECT ${shops.vendorId} FROM ${shops} WHERE ${shops.approval} <> 'approved')`;

/** Whether the vendor's shop is listed (a vendor without a shop is not held). */
export async function isShopListed(db: Tx, vendorId: string): Promise<boolean> {
  const [row] = await db.select({ approval: shops.approval }).from(shops).where(eq(shops.vendorId, vendorId));
  return !row || row.approval === 'approved';
}

/** Every shop's name and whether the marketplace lists it: what the search index ranks shop names by. */
export async function shopNamesAndListing(db: Tx): Promise<{ vendorId: string; name: string; listed: boolean }[]> {
  return db
    .select({ vendorId: shops.vendorId, name: shops.name, listed: sql<boolean>`${shops.approval} = 'approved'` })
    .from(shops);
}

/** A shop just opened waits for review when the marketplace reviews new shops; otherwise it is listed at once. */
export async function holdNewShop(tx: Tx, vendorId: string): Promise<void> {
  if (!(await readMarketplace(tx)).shopApproval) return;
  await tx.update(shops).set({ approval: 'pending' }).where(eq(shops.vendorId, vendorId));
}

/** The vendor's shop's review state; 404 without a shop. */
export async function approvalOf(db: Tx, vendorId: string): Promise<ShopApprovalState> {
  const [row] = await db
    .select({ approval: shops.approval, note: shops.approvalNote })
    .from(shops)
    .where(eq(shops.vendorId, vendorId));
  if (!row) throw notFound('Shop');
  return { state: row.approval, reason: row.approval === 'rejected' ? row.note : null };
}

/** Shops waiting for review, then those turned down, oldest first, with their owners. */
export async function heldShops(db: Tx): Promise<HeldShop[]> {
  const rows = await db
    .select()
    .from(shops)
    .where(ne(shops.approval, 'approved'))
    .orderBy(sql`${shops.approval} = 'rejected'`, asc(shops.createdAt), asc(shops.vendorId));
  const owners = await activeAccountsByIds(
    db,
    rows.map((row) => row.vendorId),
  );
  return rows.flatMap((row) => {
    const owner = owners.get(row.vendorId);
    if (!owner) return [];
    return [
      {
        _id: row.vendorId,
        shop: row.name,
        owner: owner.name,
        email: owner.email,
        address: row.address,
        state: row.approval,
        reason: row.approval === 'rejected' ? row.approvalNote : null,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

/**
 * The admin approves a shop (its products are listed from the commit on) or turns it down with the reason; the
 * vendor is told in the app and by e-mail. Deciding again (a rejected shop approved later) is allowed; approving a
 * listed shop changes nothing and tells no one.
 */
export async function reviewShop(db: Db, shopId: string, input: ShopReviewInput): Promise<ShopApprovalState> {
  return db.transaction(async (tx) => {
    const approved = input.decision === 'approve';
    const reason = approved ? null : input.reason;
    const [before] = await tx
      .select({ approval: shops.approval })
      .from(shops)
      .where(eq(shops.vendorId, shopId))
      .for('update');
    // A shop approved already (every shop from before, or a second click) is told nothing again.
    if (approved && before?.approval === 'approved') return { state: 'approved', reason: null };
    const [row] = await tx
      .update(shops)
      .set({ approval: approved ? 'approved' : 'rejected', approvalNote: reason })
      .where(eq(shops.vendorId, shopId))
      .returning({ name: shops.name });
    const owner = row && (await activeAccountsByIds(tx, [shopId])).get(shopId);
    if (!row || !owner) throw notFound('Shop');
    await notify(tx, [{ userId: shopId, email: owner.email }], {
      kind: 'shop_reviewed',
      shopName: row.name,
      approved,
      reason,
    });
    await notifyCatalogChanged(tx); // the shop's products enter (or stay out of) every listing
    return { state: approved ? 'approved' : 'rejected', reason };
  });
}

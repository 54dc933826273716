import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payoutAccounts, payoutHolds } from './tables.ts';

/** The shop's payout account row, if it opened one (with any provider). */
export const payoutAccountRow = async (db: Tx, shopId: string) =>
  (await db.select().from(payoutAccounts).where(eq(payoutAccounts.shopId, shopId)))[0];

/** Whether the admin holds the shop's payouts. */
export async function isHeld(db: Tx, shopId: string): Promise<boolean> {
  return (await db.select().from(payoutHolds).where(eq(payoutHolds.shopId, shopId))).length > 0;
}

/** The shop's verified account with the provider, unless the admin holds the shop. */
export async function payableAccount(db: Tx, shopId: string) {
  const [row] = await db
    .select({
      provider: payoutAccounts.provider,
      accountId: payoutAccounts.providerAccountId,
      heldBy: payoutHolds.shopId,
    })
    .from(payoutAccounts)
    .leftJoin(payoutHolds, eq(payoutHolds.shopId, payoutAccounts.shopId))
    .where(and(eq(payoutAccounts.shopId, shopId), eq(payoutAccounts.status, 'verified')));
  return row && row.heldBy === null ? row : null;
}

/** Marks the provider's pending account verified; answers its shop, or undefined when none was pending. */
export async function verifyPayoutAccount(tx: Tx, provider: string, providerAccountId: string) {
  const [verified] = await tx
    .update(payoutAccounts)
    .set({ status: 'verified', verifiedAt: new Date() })
    .where(
      and(
        eq(payoutAccounts.provider, provider),
        eq(payoutAccounts.providerAccountId, providerAccountId),
        eq(payoutAccounts.status, 'pending'),
      ),
    )
    .returning({ shopId: payoutAccounts.shopId });
  return verified?.shopId;
}

/**
 * Records the shop's account opened with the provider, pending; a shop's account with another provider is replaced.
 * Two calls at once: the first row stays, the other account is never used.
 */
export async function savePayoutAccount(db: Tx, shopId: string, provider: string, providerAccountId: string) {
  await db
    .insert(payoutAccounts)
    .values({ shopId, provider, providerAccountId })
    .onConflictDoUpdate({
      target: payoutAccounts.shopId,
      set: { provider, providerAccountId, status: 'pending', verifiedAt: null },
      setWhere: ne(payoutAccounts.provider, provider),
    });
}

/** The admin holds the shop's payouts (held by `adminId`), or releases them; holding twice changes nothing. */
export async function writePayoutHold(tx: Tx, shopId: string, held: boolean, adminId: string) {
  if (held) await tx.insert(payoutHolds).values({ shopId, heldBy: adminId }).onConflictDoNothing();
  else await tx.delete(payoutHolds).where(eq(payoutHolds.shopId, shopId));
}

/** Every payout account (`shop_id, provider, status`) as a relation another module's query joins in SQL. */
export const payoutAccountsRelation = (): SQL =>
  sql`(select ${payoutAccounts.shopId} as shop_id, ${payoutAccounts.provider} as provider,
    ${payoutAccounts.status} as status from ${payoutAccounts})`;

/** Every held shop (`shop_id`) as a relation another module's query joins in SQL. */
export const payoutHoldsRelation = (): SQL => sql`(select ${payoutHolds.shopId} as shop_id from ${payoutHolds})`;

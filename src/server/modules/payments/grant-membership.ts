import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { grantPremium, shopOf } from '../shops/index.ts';
import { CannotSettle, type IntentRow } from './intents.ts';
import { vendorPayments } from './tables.ts';

/**
 * Turns a paid membership intent into the vendor payment and the premium membership, in the caller's
 * transaction (which holds the vendor's lock, see settleIntent). A shop already paid for by another charge
 * is not charged twice: CannotSettle, so that charge is refunded.
 */
export async function grantMembership(tx: Tx, intent: IntentRow, vendor: { email: string }): Promise<void> {
  const shop = await shopOf(tx, intent.userId);
  const [other] = await tx
    .select({ id: vendorPayments.id })
    .from(vendorPayments)
    .where(and(eq(vendorPayments.userId, intent.userId), ne(vendorPayments.transactionId, intent.providerIntentId)))
    .limit(1);
  if (other) throw new CannotSettle('Your shop is already a premium member', 'duplicate');
  await tx
    .insert(vendorPayments)
    .values({
      userId: intent.userId,
      email: vendor.email,
      priceCents: intent.amountCents,
      shop: shop?.name ?? '',
      transactionId: intent.providerIntentId,
    })
    .onConflictDoNothing({ target: vendorPayments.transactionId });
  await grantPremium(tx, intent.userId);
}

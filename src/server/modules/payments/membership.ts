import { eq } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import type { PaymentIntentCreated } from '#contract/payments.ts';
import { PREMIUM_MEMBERSHIP_PRICE_DOLLARS } from '#contract/roles.ts';
import { normalizeEmail } from '#contract/validation.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, forbidden } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { awardGoldBadge, shopMembership } from '../shops/index.ts';
import { findOwnIntent, openIntent } from './intents.ts';
import type { PaymentProvider } from './provider.ts';
import type { Settle } from './settle.ts';
import { vendorPayments } from './tables.ts';

export const MEMBERSHIP_PRICE_CENTS = dollarsToCents(PREMIUM_MEMBERSHIP_PRICE_DOLLARS);

function ownEmail(user: AuthUser, email: string) {
  if (normalizeEmail(email) !== user.email) throw forbidden('You can only pay for your own shop');
}

/** POST /vendor-payment: a card payment for the premium membership, priced by the server. */
export async function startMembershipPayment(
  db: Db,
  provider: PaymentProvider,
  user: AuthUser,
): Promise<PaymentIntentCreated> {
  if ((await shopMembership(db, user.id)) === 'premium') throw conflict('Your shop is already a premium member');
  return openIntent(db, provider, user, {
    purpose: 'membership',
    description: `Farmstall premium membership for ${user.email}`,
    subtotalCents: MEMBERSHIP_PRICE_CENTS,
  });
}

/** POST /vendorPayments: checked with the provider before the membership is granted. */
export async function recordMembershipPayment(
  db: Db,
  provider: PaymentProvider,
  settle: Settle,
  user: AuthUser,
  input: { email: string; transactionId: string },
) {
  ownEmail(user, input.email);
  const intentRow = await findOwnIntent(db, provider.name, input.transactionId, user.id, 'membership');
  const outcome = await settle(intentRow.id);
  if (outcome.kind === 'unpaid') throw new AppError('PAYMENT_FAILED', outcome.message);
  if (outcome.kind === 'refunded') {
    throw conflict(`${outcome.reason ?? 'This payment was refunded'}. Your payment was refunded.`);
  }
  if (outcome.kind !== 'membership') throw conflict('This payment was cancelled');
  const [row] = await db.select().from(vendorPayments).where(eq(vendorPayments.transactionId, input.transactionId));
  return {
    id: row.id,
    transactionId: row.transactionId,
    price: centsToDollars(row.priceCents),
    membership: 'premium' as const,
  };
}

/** PATCH /vendor/:email {badge: 'gold'}: only for a vendor whose membership payment is recorded; answers how many changed. */
export async function setGoldBadge(db: Db, user: AuthUser, email: string) {
  ownEmail(user, email);
  const [paid] = await db
    .select({ id: vendorPayments.id })
    .from(vendorPayments)
    .where(eq(vendorPayments.userId, user.id))
    .limit(1);
  if (!paid) throw new AppError('PAYMENT_FAILED', 'Buy the premium membership first');
  return awardGoldBadge(db, user.id);
}

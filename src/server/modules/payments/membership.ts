import { eq } from 'drizzle-orm';
import { PREMIUM_PLAN_KEY } from '#contract/membership-plans.ts';
import { centsToDollars } from '#contract/money.ts';
import type { PaymentIntentCreated } from '#contract/payments.ts';
import { normalizeEmail } from '#contract/validation.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, forbidden } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { awardGoldBadge, planOfShop, planRow } from '../shops/index.ts';
import { findOwnIntent, openIntent } from './intents.ts';
import type { PaymentProvider } from './provider.ts';
import type { Settle } from './settle.ts';
import { vendorPayments } from './tables.ts';

function ownEmail(user: AuthUser, email: string) {
  if (normalizeEmail(email) !== user.email) throw forbidden('You can only pay for your own shop');
}

/**
 * POST /vendor-payment (Buy Now): a card payment for a membership plan (the premium plan unless `plan` names
 * another), at the price the server knows now; the spec's {price: 1000} is accepted and not read. A monthly plan
 * may be paid again to renew it; a one-off plan the shop holds is not sold twice.
 */
export async function startMembershipPayment(
  db: Db,
  provider: PaymentProvider,
  user: AuthUser,
  input: { plan?: string },
  now: Date,
): Promise<PaymentIntentCreated> {
  const plan = await planRow(db, input.plan ?? PREMIUM_PLAN_KEY);
  if (!plan?.active) throw conflict('This membership is not offered');
  if (plan.billing === 'free') throw conflict(`The ${plan.name} membership is free: there is nothing to pay`);
  const current = await planOfShop(db, user.id, now);
  if (current.key === plan.key && plan.billing !== 'monthly') {
    throw conflict(`Your shop is already a ${plan.name.toLowerCase()} member`);
  }
  return openIntent(db, provider, user, {
    purpose: 'membership',
    description: `Farmstall ${plan.name} membership for ${user.email}`,
    subtotalCents: plan.priceCents,
    planKey: plan.key,
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
    membership: row.planKey,
    paidUntil: row.paidUntil?.toISOString() ?? null,
  };
}

/**
 * PATCH /vendor/:email {badge: 'gold'}: only for a vendor whose plan gives the gold badge (paid for, or not lapsed);
 * answers how many changed.
 */
export async function setGoldBadge(db: Db, user: AuthUser, email: string, now: Date) {
  ownEmail(user, email);
  const plan = await planOfShop(db, user.id, now);
  if (!plan.goldBadge) throw new AppError('PAYMENT_FAILED', 'Buy the premium membership first');
  return awardGoldBadge(db, user.id);
}

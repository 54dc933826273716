import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FulfilmentErrorCode } from '#contract/checkout-plan.ts';
import { centsToDollars } from '#contract/money.ts';
import type { PaymentIntentCreated } from '#contract/payments.ts';
import type { TaxRateLine } from '#contract/tax.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { isPaid, type PaymentProvider } from './provider.ts';
import { markAbandoned, markSeenPaid } from './reconcile-intents.ts';
import { paymentIntents } from './tables.ts';

export type IntentRow = typeof paymentIntents.$inferSelect;

/**
 * A paid intent that cannot become what it was paid for (sold out, cart changed, already a member): settling
 * gives the whole charge back instead. `message` is what the payer reads.
 */
export class CannotSettle extends Error {
  readonly reason: 'cannot_fulfil' | 'duplicate';
  /** The code the payer's confirmation answers with (SLOT_FULL, …); none: a plain conflict. */
  readonly code: FulfilmentErrorCode | null;
  constructor(
    message: string,
    reason: 'cannot_fulfil' | 'duplicate' = 'cannot_fulfil',
    code: FulfilmentErrorCode | null = null,
  ) {
    super(message);
    this.reason = reason;
    this.code = code;
  }
}
export type IntentPurpose = 'checkout' | 'membership';

/**
 * The most payments one account holds open and unpaid with a provider (decision 055): opening another expires the
 * oldest beyond it. A shopper needs one or two (a second tab, a retry); the bound keeps what one account can make the
 * reconciliation pass ask about small, whatever it opens.
 */
export const OPEN_UNPAID_PER_ACCOUNT = 5;

/** Why an intent a newer payment of its account pushed beyond the bound was cancelled. */
export const EXPIRED_REASON = 'Never paid: expired by a newer payment of the same account';

/**
 * Opens a card payment with the provider for an amount the server priced, and remembers it as the caller's
 * intent for this purpose; answers what the browser needs to confirm it.
 */
export async function openIntent(
  db: Tx,
  provider: PaymentProvider,
  user: AuthUser,
  {
    purpose,
    description,
    subtotalCents,
    discountCents = 0,
    deliveryCents = 0,
    couponCode = null,
    planKey = null,
    delivery,
    holdSubtotalCents,
    tax,
  }: {
    purpose: IntentPurpose;
    description: string;
    subtotalCents: number;
    discountCents?: number;
    /** The shops' delivery fees, charged on top of the goods less the discount. */
    deliveryCents?: number;
    couponCode?: string | null;
    /** A membership payment's plan (membership_plans.key). */
    planKey?: string | null;
    /** Known before the card is charged, so the paid intent becomes its order even if the browser goes away. */
    delivery?: { orderName: string; phoneNumber: string; address: string };
    /**
     * Weighed goods: the card is only authorized (manual capture), for the goods at this amount (their estimate plus
     * the hold margin), and captured once they are weighed.
     */
    holdSubtotalCents?: number;
    /**
     * A checkout's tax: what it adds to the charge (`addedCents`; with weighed goods `holdAddedCents` on the hold),
     * whether prices include it, and its lines per rate.
     */
    tax?: { addedCents: number; holdAddedCents: number; included: boolean; lines: TaxRateLine[] };
  },
): Promise<PaymentIntentCreated> {
  const estimateCents = subtotalCents - discountCents + deliveryCents + (tax?.addedCents ?? 0);
  const captureMethod = holdSubtotalCents === undefined ? 'automatic' : 'manual';
  const amountCents =
    (holdSubtotalCents ?? subtotalCents) -
    discountCents +
    deliveryCents +
    ((holdSubtotalCents === undefined ? tax?.addedCents : tax?.holdAddedCents) ?? 0);
  const intent = await provider.createIntent({
    amountCents,
    captureMethod,
    description,
    metadata: intentMetadata({ purpose, userId: user.id, deliveryCents, couponCode, planKey, delivery }),
  });
  await db.insert(paymentIntents).values({
    provider: provider.name,
    providerIntentId: intent.id,
    userId: user.id,
    purpose,
    amountCents,
    deliveryCents,
    couponCode,
    planKey,
    captureMethod,
    ...delivery,
  });
  await expireBeyondBound(db, provider, user.id);
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    amount: centsToDollars(amountCents),
    subtotal: centsToDollars(subtotalCents),
    discount: centsToDollars(discountCents),
    deliveryFee: centsToDollars(deliveryCents),
    couponCode,
    ...(captureMethod === 'manual' ? { estimate: centsToDollars(estimateCents) } : {}),
    ...(tax ? { tax: centsToDollars(tax.addedCents), pricesIncludeTax: tax.included, taxLines: tax.lines } : {}),
  };
}

/**
 * Keeps the account within `bound` open unpaid payments with this provider: the oldest beyond it are marked expired
 * (one caller wins each, by the row's lock) and cancelled at the provider, so they can no longer be paid. One the
 * provider answers is paid (its browser is paying it right now) is marked paid instead, and the next reconciliation
 * pass settles it: a paid one is never lost. One the provider could not cancel (it failed, or the payment is still
 * processing) stays open, due at once, and the reconciliation pass cancels it (expired_at) or settles it.
 * Answers how many were expired.
 */
export async function expireBeyondBound(
  db: Tx,
  provider: PaymentProvider,
  userId: string,
  bound = OPEN_UNPAID_PER_ACCOUNT,
): Promise<number> {
  const open = and(
    eq(paymentIntents.userId, userId),
    eq(paymentIntents.provider, provider.name),
    eq(paymentIntents.status, 'requires_confirmation'),
    isNull(paymentIntents.expiredAt),
  );
  // payment_intents_unpaid_user_idx: the account's few open unpaid payments, newest first.
  const beyond = db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(open)
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .offset(bound);
  const expired = await db
    .update(paymentIntents)
    .set({ expiredAt: sql`now()`, nextCheckAt: sql`now()` })
    // ARRAY(…): the account's list read once, with the statement's snapshot (as reconcile-intents.ts claims its rows).
    .where(and(sql`${paymentIntents.id} = any(array(${beyond}))`, open))
    .returning({ id: paymentIntents.id, providerIntentId: paymentIntents.providerIntentId });
  for (const intent of expired) {
    try {
      // Asked first: the sandbox, like Stripe, also cancels an authorized (manual capture) payment, releasing its hold.
      let remote = await provider.retrieveIntent(intent.providerIntentId);
      if (!isPaid(remote?.status) && remote?.status !== 'canceled') {
        remote = await provider.cancelIntent(intent.providerIntentId);
      }
      if (isPaid(remote?.status)) await markSeenPaid(db, intent.id, new Date());
      else if (!remote || remote.status === 'canceled') await markAbandoned(db, intent.id, new Date(), EXPIRED_REASON);
    } catch {
      // Left open and due: the reconciliation pass cancels it (or settles it, if paid) and logs what fails there.
    }
  }
  return expired.length;
}

/**
 * What the provider keeps with the payment: enough for a store restored to before it to record it again and settle
 * it as it would have been (restore-reconcile.ts): who paid for what, and the checkout's delivery details when given.
 */
function intentMetadata(input: {
  purpose: IntentPurpose;
  userId: string;
  deliveryCents: number;
  couponCode: string | null;
  planKey: string | null;
  delivery?: { orderName: string; phoneNumber: string; address: string };
}): Record<string, string> {
  return {
    purpose: input.purpose,
    userId: input.userId,
    ...(input.purpose === 'checkout' ? { deliveryCents: String(input.deliveryCents) } : {}),
    ...(input.couponCode ? { couponCode: input.couponCode } : {}),
    ...(input.planKey ? { planKey: input.planKey } : {}),
    ...(input.delivery ?? {}),
  };
}

/** The caller's intent for this purpose: 404 unknown, 403 someone else's, 400 wrong purpose. */
export async function findOwnIntent(
  db: Tx,
  provider: string,
  providerIntentId: string,
  userId: string,
  purpose: IntentPurpose,
  lock = false,
): Promise<IntentRow> {
  const query = db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.provider, provider), eq(paymentIntents.providerIntentId, providerIntentId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('Payment');
  if (row.userId !== userId) throw forbidden('This payment is not yours');
  if (row.purpose !== purpose) throw badRequest(`This payment is not a ${purpose} payment`);
  return row;
}

export async function intentById(db: Tx, id: string, lock = false) {
  const query = db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function findIntent(db: Tx, provider: string, providerIntentId: string) {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.provider, provider), eq(paymentIntents.providerIntentId, providerIntentId)));
  return row;
}

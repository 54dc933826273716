import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { FULFILMENT_ERROR_CODES, type FulfilmentErrorCode } from '#contract/checkout-plan.ts';
import type { CheckoutDetails } from '#contract/payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lockPayer } from '../users/index.ts';
import { grantMembership } from './grant-membership.ts';
import { CannotSettle, type IntentRow, intentById } from './intents.ts';
import { isPaid, type PaymentProvider, type ProviderIntent } from './provider.ts';
import { markSeenPaid } from './reconcile-intents.ts';
import { processRefund, requestRefund } from './refunds.ts';
import { paymentIntents } from './tables.ts';

export type Payer = { id: string; email: string; name: string };

/**
 * Makes the order a paid checkout intent was for, in the settling transaction (a savepoint, under the payer's
 * lock); throws CannotSettle when the goods cannot be sold for this charge. Checkout provides it.
 */
export type FulfilOrder = (
  tx: Tx,
  intent: IntentRow,
  payer: Payer,
  details: CheckoutDetails,
  card: Pick<ProviderIntent, 'cardBrand' | 'cardLast4'>,
) => Promise<void>;

/** What became of a payment intent. */
export type SettleOutcome =
  /** Its order was made (read it by the intent's providerIntentId, its transaction id). */
  | { kind: 'order'; created: boolean }
  | { kind: 'membership'; created: boolean }
  /** Paid, and the whole charge is being (or has been) given back; `reason` is what the payer reads, `code` why. */
  | { kind: 'refunded'; reason: string | null; code: FulfilmentErrorCode | null }
  /** Not paid (yet): the card was declined or not entered. */
  | { kind: 'unpaid'; message: string }
  /** Never paid and cancelled at the provider. */
  | { kind: 'cancelled' }
  /** Paid, but the delivery details have not been sent yet (a client that sends them only when confirming). */
  | { kind: 'waiting' };

export type SettleOptions = {
  /** Delivery details sent with the browser's confirmation; saved on the intent before settling. */
  details?: CheckoutDetails;
  /**
   * For the reconciliation job: a paid checkout intent still without delivery details after this long is
   * refunded (it can never be delivered). Unset: such an intent is left waiting for its browser.
   */
  refundWithoutDetailsAfterMs?: number;
  log?: FastifyBaseLogger;
  now?: () => Date;
};

type Settling = { db: Db; provider: PaymentProvider; fulfilOrder: FulfilOrder; clock: () => Date };

/** Settles one payment intent (by our row id); see settleIntent. */
export type Settle = (intentRowId: string, options?: SettleOptions) => Promise<SettleOutcome>;

/**
 * The settle function of an app: payments with `provider`, whose paid checkouts become orders through
 * `fulfilOrder` (checkout's) and paid memberships premium shops. Built once (app.payments.settle) and called
 * by the browser's confirmations, the Stripe webhook and the reconciliation job. `clock` is the app's (when a
 * payment was first seen paid, which decides whether its slot was still open), unless a call brings its own.
 */
export function createSettle(
  db: Db,
  provider: PaymentProvider,
  fulfilOrder: FulfilOrder,
  clock: () => Date = () => new Date(),
): Settle {
  return (intentRowId, options) => settleIntent({ db, provider, fulfilOrder, clock }, intentRowId, options);
}

const OPEN = ['requires_confirmation', 'succeeded'] as const;
const isOpen = (status: IntentRow['status']) => (OPEN as readonly string[]).includes(status);

const refusalCode = (code: string | null) => FULFILMENT_ERROR_CODES.find((known) => known === code) ?? null;

function outcomeOf(row: IntentRow): SettleOutcome | null {
  switch (row.status) {
    case 'settled':
      return { kind: row.purpose === 'membership' ? 'membership' : 'order', created: false };
    case 'refunding':
    case 'refunded':
      return { kind: 'refunded', reason: row.lastError, code: refusalCode(row.lastErrorCode) };
    case 'cancelled':
      return { kind: 'cancelled' };
    default:
      return null;
  }
}

function detailsOf(row: IntentRow): CheckoutDetails | null {
  return row.orderName && row.phoneNumber && row.address
    ? { name: row.orderName, phoneNumber: row.phoneNumber, address: row.address }
    : null;
}

/**
 * The one path that settles a payment intent, used by the browser's confirmation, the Stripe webhook and the
 * reconciliation job; idempotent, and safe to run from several processes at once. It asks the provider
 * whether the intent is paid; if so, under the payer's row lock (one settlement per buyer, hence per cart, at
 * a time) it makes the order or membership, or, when that is impossible (sold out, cart already ordered
 * through another charge, …), records a full refund in the same transaction and pays it out after commit.
 * Every paid intent therefore ends as exactly one order (or membership) or one full refund.
 */
async function settleIntent(
  settling: Settling,
  intentRowId: string,
  options: SettleOptions = {},
): Promise<SettleOutcome> {
  const { db, provider } = settling;
  const now = options.now ?? settling.clock;
  let row = await intentById(db, intentRowId);
  if (!row) throw new Error(`No payment intent ${intentRowId}`);
  if (options.details && row.purpose === 'checkout' && isOpen(row.status)) {
    const { name, phoneNumber, address } = options.details;
    await db
      .update(paymentIntents)
      .set({ orderName: name, phoneNumber, address })
      .where(and(eq(paymentIntents.id, row.id), inArray(paymentIntents.status, OPEN)));
    row = await intentById(db, intentRowId);
  }
  const done = outcomeOf(row);
  if (done) return done;
  if (row.provider !== provider.name) return { kind: 'unpaid', message: `This payment was made with ${row.provider}.` };

  const remote = await provider.retrieveIntent(row.providerIntentId);
  // An authorized (manual capture) intent is paid for settling: the order is made, its capture follows.
  if (!isPaid(remote?.status)) {
    const cancelled = !remote || remote.status === 'canceled';
    await db
      .update(paymentIntents)
      .set({
        attempts: sql`${paymentIntents.attempts} + 1`,
        lastError: remote?.lastError ?? null,
        ...(cancelled ? { status: 'cancelled' as const } : {}),
      })
      .where(and(eq(paymentIntents.id, row.id), eq(paymentIntents.status, 'requires_confirmation')));
    if (cancelled) return { kind: 'cancelled' };
    return {
      kind: 'unpaid',
      message: remote.lastError ?? 'The card payment has not been completed yet. Please pay with your card first.',
    };
  }
  // Paid: from now on this intent must end as an order or a refund (and the paid walk of reconciliation finds it).
  if (row.status === 'requires_confirmation') await markSeenPaid(db, row.id, now());
  return settlePaid(settling, row.id, remote, options, now);
}

async function settlePaid(
  { db, provider, fulfilOrder }: Settling,
  intentRowId: string,
  remote: ProviderIntent,
  options: SettleOptions,
  now: () => Date,
): Promise<SettleOutcome> {
  const result = await db.transaction(async (tx) => {
    const [{ userId }] = await tx
      .select({ userId: paymentIntents.userId })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intentRowId));
    // The payer's row serialises every settlement of their cart or membership (NO KEY UPDATE: rows that only
    // reference the user, such as cart lines, are not blocked). Taken before the intent and the products.
    const payer = await lockPayer(tx, userId);
    const intent = await intentById(tx, intentRowId, true);
    if (!isOpen(intent.status)) return { refundId: null, created: false };

    let failure: CannotSettle | null = null;
    if (remote.amountCents !== intent.amountCents) {
      failure = new CannotSettle('The amount paid does not match');
    } else if (remote.refunded) {
      failure = new CannotSettle('This payment was refunded');
    } else if (intent.purpose === 'checkout' && !detailsOf(intent)) {
      const waitMs = options.refundWithoutDetailsAfterMs;
      const paidAt = intent.paidAt ?? now();
      if (waitMs === undefined || now().getTime() - paidAt.getTime() < waitMs) {
        return { refundId: null, created: false, waiting: true };
      }
      failure = new CannotSettle('No delivery details were given for this order');
    }
    if (!failure) {
      try {
        // A savepoint: if the order cannot be made, its partial work is undone and the refund recorded instead.
        await tx.transaction(async (sp) => {
          if (intent.purpose === 'checkout') {
            await fulfilOrder(sp, intent, payer, detailsOf(intent)!, remote);
          } else {
            await grantMembership(sp, intent, payer, now());
          }
        });
      } catch (error) {
        if (!(error instanceof CannotSettle)) throw error;
        failure = error;
      }
    }
    if (!failure) {
      await tx
        .update(paymentIntents)
        .set({
          status: 'settled',
          settledAt: now(),
          attempts: sql`${paymentIntents.attempts} + 1`,
          lastError: null,
          lastErrorCode: null,
        })
        .where(eq(paymentIntents.id, intent.id));
      return { refundId: null, created: true };
    }
    const alreadyBack = remote.refunded || intent.amountCents === 0;
    await tx
      .update(paymentIntents)
      .set({
        status: alreadyBack ? 'refunded' : 'refunding',
        settledAt: now(),
        attempts: sql`${paymentIntents.attempts} + 1`,
        lastError: failure.message,
        lastErrorCode: failure.code,
      })
      .where(eq(paymentIntents.id, intent.id));
    if (alreadyBack) return { refundId: null, created: false };
    const refund = await requestRefund(tx, {
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      reason: failure.reason,
      idempotencyKey: `settle:${intent.id}`,
    });
    return { refundId: refund.id, created: false };
  });

  if ('waiting' in result) return { kind: 'waiting' };
  if (result.refundId) await processRefund(db, provider, result.refundId, { log: options.log, now });
  const row = await intentById(db, intentRowId);
  const outcome = outcomeOf(row);
  if (outcome?.kind === 'order' || outcome?.kind === 'membership') return { ...outcome, created: result.created };
  return outcome ?? { kind: 'waiting' };
}

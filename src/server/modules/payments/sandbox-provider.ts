import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { cardBrand } from '#contract/payments.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { PaymentProvider, ProviderActivity, ProviderIntent } from './provider.ts';
import { createSandboxJournal, type SandboxJournal } from './sandbox-journal.ts';
import { createSandboxPayouts } from './sandbox-payouts.ts';
import { createSandboxSetup } from './sandbox-setup.ts';
import { sandboxPaymentIntents, sandboxRefunds, sandboxTransfers } from './tables.ts';

type Row = typeof sandboxPaymentIntents.$inferSelect;

const NON_TEST_CARD =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

/** Stripe's test cards: these numbers succeed… */
const SUCCEEDING_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
]);

/** …and these fail with Stripe's messages. */
const DECLINING_CARDS: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

function toIntent(row: Row): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    status: row.status,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    lastError: row.lastError,
    refunded: row.amountRefundedCents > 0,
    // The sandbox's charge is the intent itself, once the money is taken.
    chargeId: row.status === 'succeeded' ? row.id : null,
  };
}

function sameSecret(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What the sandbox did from `since` on, as Stripe's lists answer it (oldest first here). */
async function activitySince(db: Db, since: Date): Promise<ProviderActivity> {
  const payments = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(gte(sandboxPaymentIntents.createdAt, since))
    .orderBy(asc(sandboxPaymentIntents.createdAt));
  const refunds = await db
    .select()
    .from(sandboxRefunds)
    .where(gte(sandboxRefunds.createdAt, since))
    .orderBy(asc(sandboxRefunds.createdAt));
  const transfers = await db
    .select()
    .from(sandboxTransfers)
    .where(gte(sandboxTransfers.createdAt, since))
    .orderBy(asc(sandboxTransfers.createdAt));
  return {
    payments: payments.map((row) => ({
      ...toIntent(row),
      captureMethod: row.captureMethod === 'manual' ? 'manual' : 'automatic',
      metadata: row.metadata,
      createdAt: row.createdAt,
    })),
    refunds: refunds.map((row) => ({
      id: row.id,
      paymentIntentId: row.paymentIntentId,
      amountCents: row.amountCents,
      status: 'succeeded',
      metadata: row.metadata,
      createdAt: row.createdAt,
    })),
    transfers: transfers.map((row) => ({
      id: row.id,
      amountCents: row.amountCents,
      amountReversedCents: row.amountReversedCents,
      destination: row.destination,
      metadata: row.metadata,
      createdAt: row.createdAt,
    })),
  };
}

/**
 * The built-in card processor: a PaymentIntent-like flow kept in the database (so any app server can
 * answer), with Stripe's test-card behaviour. No real money moves. Every write is also appended to `journal`, the
 * sandbox's memory outside the database, which it replays before listing what it did (decision 036).
 */
export function createSandboxProvider(
  db: Db,
  journal: SandboxJournal = createSandboxJournal(null),
  clock: () => Date = () => new Date(),
) {
  const payouts = createSandboxPayouts(db, journal);
  const setup = createSandboxSetup(db, journal, SUCCEEDING_CARDS, DECLINING_CARDS, NON_TEST_CARD, toIntent, clock);
  const provider: PaymentProvider & {
    confirm(id: string, clientSecret: string, cardNumber: string): Promise<ProviderIntent>;
  } & typeof payouts &
    typeof setup = {
    name: 'sandbox',
    publishableKey: null,
    ...payouts,
    ...setup,

    async createIntent({ amountCents, captureMethod = 'automatic', metadata }) {
      const id = `pi_sb_${randomBytes(12).toString('hex')}`;
      const [row] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          amountCents,
          captureMethod,
          metadata,
          clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        })
        .returning();
      await journal.record('intents', row);
      return toIntent(row);
    },

    async retrieveIntent(id) {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      return row ? toIntent(row) : null;
    },

    async refund(intentId, { amountCents, idempotencyKey, metadata = {} }) {
      const made = await db.transaction(async (tx) => {
        // The intent's row lock serialises refunds of one payment, so the key check and the sum are exact.
        const [row] = await tx
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.id, intentId))
          .for('update');
        if (!row) throw notFound('Payment');
        const [done] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        if (done) {
          if (done.paymentIntentId !== intentId) throw conflict('This refund key belongs to another payment.');
          return { refundId: done.id, rows: null };
        }
        if (row.status !== 'succeeded') throw conflict('This payment was not paid, so it cannot be refunded.');
        const charged = row.amountCapturedCents ?? row.amountCents;
        const refunded = row.amountRefundedCents + amountCents;
        if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || refunded > charged) {
          throw conflict('The refund is larger than what is left of the payment.');
        }
        const refundId = `re_sb_${randomBytes(12).toString('hex')}`;
        const [refund] = await tx
          .insert(sandboxRefunds)
          .values({ id: refundId, paymentIntentId: intentId, amountCents, idempotencyKey, metadata })
          .returning();
        const [intent] = await tx
          .update(sandboxPaymentIntents)
          .set({ amountRefundedCents: refunded, refundedAt: refunded === charged ? new Date() : null })
          .where(eq(sandboxPaymentIntents.id, intentId))
          .returning();
        return { refundId, rows: { refund, intent } };
      });
      if (made.rows) {
        await journal.record('intents', made.rows.intent);
        await journal.record('refunds', made.rows.refund);
      }
      return { refundId: made.refundId };
    },

    async cancelIntent(id) {
      // Like Stripe: an unpaid intent, or an authorized one (its hold is released), can be cancelled.
      const [cancelled] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled' })
        .where(
          and(
            eq(sandboxPaymentIntents.id, id),
            inArray(sandboxPaymentIntents.status, ['requires_payment_method', 'requires_capture']),
          ),
        )
        .returning();
      if (cancelled) await journal.record('intents', cancelled);
      return provider.retrieveIntent(id);
    },

    async capture(id, { amountCents, idempotencyKey }) {
      const [captured] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded', amountCapturedCents: amountCents, captureKey: idempotencyKey })
        .where(
          and(
            eq(sandboxPaymentIntents.id, id),
            eq(sandboxPaymentIntents.status, 'requires_capture'),
            gte(sandboxPaymentIntents.amountCents, amountCents),
          ),
        )
        .returning();
      if (captured) {
        await journal.record('intents', captured);
        return toIntent(captured);
      }
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      if (!row) throw notFound('Payment');
      if (row.captureKey === idempotencyKey && row.amountCapturedCents === amountCents) return toIntent(row);
      if (row.status === 'requires_capture') throw conflict('The capture is larger than the authorized amount.');
      throw conflict(`This payment is ${row.status} and cannot be captured.`);
    },

    /** What Stripe.js confirmCardPayment does: charge the card (number already validated). */
    async confirm(id, clientSecret, cardNumber) {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      if (!row || !sameSecret(row.clientSecret, clientSecret)) throw notFound('Payment');
      if (row.status === 'succeeded' || row.status === 'requires_capture') {
        throw conflict('This payment has already been made.');
      }
      if (row.status === 'canceled') throw conflict('This payment was cancelled. Please start again.');

      const declined = SUCCEEDING_CARDS.has(cardNumber) ? null : (DECLINING_CARDS[cardNumber] ?? NON_TEST_CARD);
      if (declined) {
        // Like Stripe: the intent stays open so the shopper can try another card.
        const [failed] = await db
          .update(sandboxPaymentIntents)
          .set({ lastError: declined })
          .where(eq(sandboxPaymentIntents.id, id))
          .returning();
        if (failed) await journal.record('intents', failed);
        throw new AppError('PAYMENT_FAILED', declined);
      }
      const [paid] = await db
        .update(sandboxPaymentIntents)
        .set({
          status: row.captureMethod === 'manual' ? 'requires_capture' : 'succeeded',
          cardBrand: cardBrand(cardNumber),
          cardLast4: cardNumber.slice(-4),
          lastError: null,
        })
        .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'requires_payment_method')))
        .returning();
      if (!paid) throw conflict('This payment has already been made.');
      await journal.record('intents', paid);
      return toIntent(paid);
    },

    async listActivity(since) {
      await journal.replay(db);
      return activitySince(db, since);
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { cardBrand, parseExpiry } from '#contract/payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type {
  OffSessionCharge,
  OffSessionFailureCode,
  PaymentProvider,
  ProviderIntent,
  ProviderSetupState,
} from './provider.ts';
import type { SandboxJournal } from './sandbox-journal.ts';
import { sandboxPaymentIntents, sandboxSetupIntents } from './tables.ts';

type SetupRow = typeof sandboxSetupIntents.$inferSelect;
type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
/** What a saved card's later charges do. */
type Charges = 'succeed' | 'authenticate' | 'decline';

/**
 * Stripe's test cards for saving a card, as Stripe answers them: 4242… and the other good cards save and pay;
 * 4000 0025 0000 3155 must be authenticated to save, then pays; 4000 0027 6000 3184 saves but every off-session
 * charge asks for authentication; 4000 0000 0000 0341 saves but every charge is declined. The declining cards of
 * checkout are refused when saved, with their messages; a card whose expiry has passed is expired when charged.
 */
const SAVING_CARDS: Record<string, { authenticate: boolean; charges: Charges }> = {
  '4000002500003155': { authenticate: true, charges: 'succeed' },
  '4000002760003184': { authenticate: false, charges: 'authenticate' },
  '4000000000000341': { authenticate: false, charges: 'decline' },
};

export const OFF_SESSION_MESSAGES: Record<OffSessionFailureCode, string> = {
  card_declined: 'Your card was declined.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
  expired_card: 'Your card has expired.',
};

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

function toSetupState(row: SetupRow): ProviderSetupState {
  const card =
    row.cardBrand && row.cardLast4 && row.cardExpMonth && row.cardExpYear
      ? { brand: row.cardBrand, last4: row.cardLast4, expMonth: row.cardExpMonth, expYear: row.cardExpYear }
      : null;
  return {
    id: row.id,
    status: row.status,
    customerId: row.customerId,
    metadata: row.metadata,
    paymentMethodId: row.paymentMethodId,
    card,
    lastError: row.lastError,
  };
}

function sameSecret(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The failure an off-session charge answered, told by the message it stored. */
const failureOf = (message: string | null): OffSessionFailureCode =>
  (Object.entries(OFF_SESSION_MESSAGES).find(([, text]) => text === message)?.[0] as OffSessionFailureCode) ??
  'card_declined';

/**
 * The sandbox's SetupIntents and off-session charges (Stripe's, in the database so any server answers), with
 * `confirmSetup` and `authenticateSetup` standing for what Stripe.js and the bank's authentication page do.
 */
export function createSandboxSetup(
  db: Db,
  journal: SandboxJournal,
  succeeding: ReadonlySet<string>,
  declining: Readonly<Record<string, string>>,
  nonTestCard: string,
  toIntent: (row: IntentRow) => ProviderIntent,
  clock: () => Date = () => new Date(),
) {
  async function findSetup(id: string, clientSecret: string) {
    const [row] = await db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, id));
    if (!row || !sameSecret(row.clientSecret, clientSecret)) throw notFound('Card setup');
    if (row.status === 'succeeded') throw conflict('This card is saved already.');
    return row;
  }

  const setup: Pick<PaymentProvider, 'createSetupIntent' | 'retrieveSetupIntent' | 'chargeOffSession'> & {
    confirmSetup(
      id: string,
      clientSecret: string,
      card: { cardNumber: string; expiry: string },
    ): Promise<ProviderSetupState>;
    authenticateSetup(id: string, clientSecret: string, approve: boolean): Promise<ProviderSetupState>;
    /** The saved card's owner as the store named it when it started saving (metadata.userId). */
    setupOwner(id: string): Promise<string | null>;
  } = {
    async createSetupIntent({ customerId, metadata }) {
      const id = `seti_sb_${randomBytes(12).toString('hex')}`;
      const [row] = await db
        .insert(sandboxSetupIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
          customerId: customerId ?? `cus_sb_${randomBytes(12).toString('hex')}`,
          metadata,
        })
        .returning();
      return { id: row.id, clientSecret: row.clientSecret, customerId: row.customerId, status: row.status };
    },

    async retrieveSetupIntent(id) {
      const [row] = await db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, id));
      return row ? toSetupState(row) : null;
    },

    async setupOwner(id) {
      const [row] = await db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, id));
      return row?.metadata.userId ?? null;
    },

    /** What Stripe.js confirmCardSetup does: save the card (its fields already validated), or say why not. */
    async confirmSetup(id, clientSecret, { cardNumber, expiry }) {
      await findSetup(id, clientSecret);
      const saving =
        SAVING_CARDS[cardNumber] ?? (succeeding.has(cardNumber) ? { authenticate: false, charges: 'succeed' } : null);
      if (!saving) {
        const refused = declining[cardNumber] ?? nonTestCard;
        await db
          .update(sandboxSetupIntents)
          .set({ status: 'requires_payment_method', lastError: refused })
          .where(eq(sandboxSetupIntents.id, id));
        throw new AppError('PAYMENT_FAILED', refused);
      }
      const ends = parseExpiry(expiry);
      const [row] = await db
        .update(sandboxSetupIntents)
        .set({
          status: saving.authenticate ? 'requires_action' : 'succeeded',
          paymentMethodId: `pm_sb_${randomBytes(12).toString('hex')}`,
          cardBrand: cardBrand(cardNumber),
          cardLast4: cardNumber.slice(-4),
          cardExpMonth: ends?.month,
          cardExpYear: ends?.year,
          charges: saving.charges,
          lastError: null,
        })
        .where(and(eq(sandboxSetupIntents.id, id), eq(sandboxSetupIntents.clientSecret, clientSecret)))
        .returning();
      return toSetupState(row);
    },

    /** The bank's authentication page: completed, the card is saved; failed, it is refused and must be given again. */
    async authenticateSetup(id, clientSecret, approve) {
      const row = await findSetup(id, clientSecret);
      if (row.status !== 'requires_action') throw conflict('This card needs no authentication.');
      const [done] = await db
        .update(sandboxSetupIntents)
        .set(
          approve
            ? { status: 'succeeded' }
            : { status: 'requires_payment_method', paymentMethodId: null, lastError: AUTHENTICATION_FAILED },
        )
        .where(and(eq(sandboxSetupIntents.id, id), eq(sandboxSetupIntents.status, 'requires_action')))
        .returning();
      if (!done) throw conflict('This card needs no authentication.');
      if (!approve) throw new AppError('PAYMENT_FAILED', AUTHENTICATION_FAILED);
      return toSetupState(done);
    },

    async chargeOffSession(input): Promise<OffSessionCharge> {
      const [card] = await db
        .select()
        .from(sandboxSetupIntents)
        .where(
          and(
            eq(sandboxSetupIntents.paymentMethodId, input.paymentMethodId),
            eq(sandboxSetupIntents.customerId, input.customerId),
            eq(sandboxSetupIntents.status, 'succeeded'),
          ),
        );
      if (!card) throw notFound('Saved card');
      const now = clock();
      const expired =
        (card.cardExpYear ?? 0) * 12 + (card.cardExpMonth ?? 0) < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
      const failure: OffSessionFailureCode | null = expired
        ? 'expired_card'
        : card.charges === 'authenticate'
          ? 'authentication_required'
          : card.charges === 'decline'
            ? 'card_declined'
            : null;
      // One intent per idempotency key, as Stripe answers a repeated request with its first result.
      const id = `pi_sb_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      const [made] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
          amountCents: input.amountCents,
          captureMethod: input.captureMethod,
          metadata: input.metadata,
          ...(failure
            ? { status: 'requires_payment_method', lastError: OFF_SESSION_MESSAGES[failure] }
            : {
                status: input.captureMethod === 'manual' ? 'requires_capture' : 'succeeded',
                cardBrand: card.cardBrand,
                cardLast4: card.cardLast4,
              }),
        })
        .onConflictDoNothing()
        .returning();
      if (made) await journal.record('intents', made);
      const [row] = made
        ? [made]
        : await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      if (row.status === 'requires_payment_method') {
        const code = failureOf(row.lastError);
        return { ok: false, code, message: OFF_SESSION_MESSAGES[code], intentId: row.id };
      }
      return { ok: true, intent: toIntent(row) };
    },
  };
  return setup;
}

/**
 * A card saved in the sandbox without a browser (the demo data's shopper): a succeeded SetupIntent with a test card
 * that pays (4242, expiring at the end of the year after next), as if the shopper had saved it.
 */
export async function recordSandboxCard(tx: Tx, userId: string, now: Date) {
  const id = `seti_sb_${randomBytes(12).toString('hex')}`;
  const [row] = await tx
    .insert(sandboxSetupIntents)
    .values({
      id,
      clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      customerId: `cus_sb_${randomBytes(12).toString('hex')}`,
      status: 'succeeded',
      paymentMethodId: `pm_sb_${randomBytes(12).toString('hex')}`,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: now.getUTCFullYear() + 2,
      charges: 'succeed',
      metadata: { userId, purpose: 'subscription' },
    })
    .returning();
  return {
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId as string,
    setupIntentId: row.id,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: row.cardExpYear as number,
  };
}

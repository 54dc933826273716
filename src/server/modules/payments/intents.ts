import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { paymentIntents } from './tables.ts';

export type IntentRow = typeof paymentIntents.$inferSelect;

/**
 * A paid intent that cannot become what it was paid for (sold out, cart changed, already a member): settling
 * gives the whole charge back instead. `message` is what the payer reads.
 */
export class CannotSettle extends Error {
  readonly reason: 'cannot_fulfil' | 'duplicate';
  constructor(message: string, reason: 'cannot_fulfil' | 'duplicate' = 'cannot_fulfil') {
    super(message);
    this.reason = reason;
  }
}
export type IntentPurpose = 'checkout' | 'membership';
export type IntentStatus = IntentRow['status'];

export async function recordIntent(
  db: Tx,
  values: {
    provider: string;
    providerIntentId: string;
    userId: string;
    purpose: IntentPurpose;
    amountCents: number;
    couponCode: string | null;
    orderName?: string | null;
    phoneNumber?: string | null;
    address?: string | null;
  },
) {
  const [row] = await db.insert(paymentIntents).values(values).returning();
  return row;
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

export async function setIntentStatus(db: Tx, id: string, status: IntentStatus) {
  await db.update(paymentIntents).set({ status }).where(eq(paymentIntents.id, id));
}

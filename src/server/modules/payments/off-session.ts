import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paymentLeftCents } from './refunds.ts';
import { paymentIntents } from './tables.ts';

/**
 * Records, in the caller's transaction, a charge made off-session with a saved card for an order that already exists
 * (a subscription's delivery, issue 37): the ledger's payment row, settled at once, since the order it pays is the one
 * it was made for. Recording the same provider payment again changes nothing. Answers the row's id.
 */
export async function recordOffSessionPayment(
  tx: Tx,
  input: {
    provider: string;
    providerIntentId: string;
    userId: string;
    amountCents: number;
    deliveryCents: number;
    captureMethod: 'automatic' | 'manual';
    orderName: string;
    phoneNumber: string;
    address: string;
    paidAt: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(paymentIntents)
    .values({
      ...input,
      purpose: 'checkout',
      status: 'settled',
      settledAt: input.paidAt,
      attempts: 1,
    })
    .onConflictDoUpdate({
      target: [paymentIntents.provider, paymentIntents.providerIntentId],
      set: { attempts: sql`${paymentIntents.attempts}` },
    })
    .returning({ id: paymentIntents.id });
  return row.id;
}

/**
 * Records, in the caller's transaction, a season's payment taken off-session with a saved card (decision 070): the
 * ledger's row of the charge, settled at once (it became its subscription's season); its deliveries' orders draw on it
 * (`recordDraw`). Recording the same provider payment again changes nothing. Answers the row's id.
 */
export async function recordSeasonPayment(
  tx: Tx,
  input: { provider: string; providerIntentId: string; userId: string; amountCents: number; paidAt: Date },
): Promise<string> {
  const [row] = await tx
    .insert(paymentIntents)
    .values({ ...input, purpose: 'season', status: 'settled', settledAt: input.paidAt, attempts: 1 })
    .onConflictDoUpdate({
      target: [paymentIntents.provider, paymentIntents.providerIntentId],
      set: { attempts: sql`${paymentIntents.attempts}` },
    })
    .returning({ id: paymentIntents.id });
  return row.id;
}

/**
 * Records, in the caller's transaction, one delivery's share of a season's payment as the payment of its order: a row
 * of its own (refunds and transfers of the order find it as any order's payment) whose money is the season's charge
 * (`funded_by`). Refused when the season's payment has less left than the share (what its other deliveries drew and
 * what was given back of it), under its row's lock. Answers the draw's provider id, the order's transaction id.
 */
export async function recordDraw(
  tx: Tx,
  input: {
    fundedBy: string;
    deliveryOn: string;
    amountCents: number;
    deliveryCents: number;
    orderName: string;
    phoneNumber: string;
    address: string;
    paidAt: Date;
  },
): Promise<string> {
  const [funding] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, input.fundedBy)).for('update');
  const providerIntentId = `${funding.providerIntentId}/${input.deliveryOn}`;
  const [existing] = await tx
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.provider, funding.provider), eq(paymentIntents.providerIntentId, providerIntentId)));
  if (existing) return providerIntentId;
  const left = await paymentLeftCents(tx, funding.id);
  if (input.amountCents > left) throw new Error(`The season's payment ${funding.id} has ${left} cents left`);
  const { fundedBy: _, deliveryOn: __, ...order } = input;
  await tx.insert(paymentIntents).values({
    ...order,
    provider: funding.provider,
    providerIntentId,
    userId: funding.userId,
    purpose: 'checkout',
    captureMethod: 'automatic',
    status: 'settled',
    settledAt: input.paidAt,
    attempts: 1,
    fundedBy: funding.id,
  });
  return providerIntentId;
}

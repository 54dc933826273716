import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
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

import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customerPayments, orderNotes } from './tables.ts';

/**
 * Keeps the shopper's note for the shop of the order this card payment will pay (by its transaction id, the
 * provider's payment id); a blank note keeps nothing, a later one replaces it. Checkout calls it before the order
 * is made.
 */
export async function keepOrderNote(db: Tx, transactionId: string, note: string | undefined): Promise<void> {
  const text = note?.trim();
  if (!text) return;
  await db
    .insert(orderNotes)
    .values({ transactionId, note: text })
    .onConflictDoUpdate({ target: orderNotes.transactionId, set: { note: text } });
}

/** The note of the order a payment record pays, or null: a column for a read with customer_payments in FROM. */
export const paymentNote = sql<
  string | null
>`(SELECT ${orderNotes.note} FROM ${orderNotes} WHERE ${orderNotes.transactionId} = ${customerPayments.transactionId})`;

import { inArray } from 'drizzle-orm';
import type { DeskRefundCause } from '#contract/order-desk.ts';
import type { Tx } from '../../db/client.ts';
import { refundNotes } from './tables.ts';

export type RefundNote = { cause: DeskRefundCause; note: string; by: { id: string; name: string } };

/** Keeps why an admin gave a refund and who, in the refund's transaction (once per refund). */
export async function keepRefundNote(tx: Tx, refundId: string, { cause, note, by }: RefundNote): Promise<void> {
  await tx
    .insert(refundNotes)
    .values({ refundId, cause, note: note || null, givenBy: by.id, givenByName: by.name })
    .onConflictDoNothing();
}

/** Why and who of these refunds, by refund id (the desk's refunds only). */
export async function refundNotesOf(tx: Tx, refundIds: string[]) {
  if (refundIds.length === 0) return new Map<string, typeof refundNotes.$inferSelect>();
  const rows = await tx.select().from(refundNotes).where(inArray(refundNotes.refundId, refundIds));
  return new Map(rows.map((row) => [row.refundId, row]));
}

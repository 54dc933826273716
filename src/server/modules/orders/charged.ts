import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** Whether a payment record is a subscription order's not charged yet. */
export const isUncharged = (transactionId: string) => transactionId.startsWith('subscription:');

/**
 * The payment (its `transaction_id` column or alias) was charged: every record but a subscription order's before its
 * cutoff. Payment histories, paid totals and revenue count only these.
 */
export const chargedPayment = (transactionId: SQL | AnyColumn) => sql`${transactionId} not like 'subscription:%'`;

/** "Fri 4 Dec, 09:00": when a subscription order's card is charged, in the shop's zone. */
export function chargeTimeLabel(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')}`;
}

import { asc, sql } from 'drizzle-orm';
import { ERASED_EMAIL_DOMAIN } from '#contract/account-data.ts';
import { type NotificationEvent, notificationEvent } from '#contract/notifications.ts';
import type { Tx } from '../../db/client.ts';
import type { Recipient } from './outbox.ts';
import { notificationOutbox } from './tables.ts';

/** The notices written about an order (e-mails and the bell, to anyone), oldest first, while the outbox keeps them. */
export function noticesOfOrder(tx: Tx, orderId: string) {
  return tx
    .select({
      kind: notificationOutbox.kind,
      channel: notificationOutbox.channel,
      email: notificationOutbox.email,
      state: notificationOutbox.state,
      payload: notificationOutbox.payload,
      createdAt: notificationOutbox.createdAt,
      sentAt: notificationOutbox.sentAt,
    })
    .from(notificationOutbox)
    .where(sql`${notificationOutbox.payload}->>'orderId' = ${orderId}`)
    .orderBy(asc(notificationOutbox.createdAt), asc(notificationOutbox.id));
}

/**
 * Writes one e-mail of the event to the outbox again (a receipt asked for a second time), in the caller's
 * transaction: no bell notice, whatever the recipient's e-mail choices (only kinds always e-mailed are sent again).
 * Answers false for an erased account, which is told nothing.
 */
export async function emailAgain(tx: Tx, recipient: Recipient, event: NotificationEvent): Promise<boolean> {
  if (recipient.email.endsWith(`@${ERASED_EMAIL_DOMAIN}`)) return false;
  await tx.insert(notificationOutbox).values({
    ...recipient,
    channel: 'email',
    kind: event.kind,
    payload: notificationEvent.parse(event),
  });
  return true;
}

import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { ERASED_EMAIL_DOMAIN } from '#contract/account-data.ts';
import { ALWAYS_EMAILED, EMAIL_ONLY, type NotificationEvent, notificationEvent } from '#contract/notifications.ts';
import type { Tx } from '../../db/client.ts';
import { emailOptOuts, notificationOutbox } from './tables.ts';

export type Recipient = { userId: string; email: string };

/**
 * Writes the event to the outbox in the caller's transaction, so it is told exactly when the change commits:
 * one in-app row per recipient (none for an e-mail-only kind), and one e-mail row unless the recipient turned that
 * kind of e-mail off (the receipt, refunds and password links are always sent); nothing for an erased account. The
 * delivery job sends them (decision 019).
 */
export async function notify(
  tx: Tx,
  everyone: Recipient[],
  event: NotificationEvent,
  options: { notBefore?: Date } = {},
): Promise<void> {
  // An erased account (its e-mail the never-deliverable stand-in) is told nothing: an order it left open still moves.
  const to = everyone.filter((recipient) => !recipient.email.endsWith(`@${ERASED_EMAIL_DOMAIN}`));
  if (to.length === 0) return;
  const payload = notificationEvent.parse(event);
  const optedOut = (ALWAYS_EMAILED as readonly string[]).includes(event.kind)
    ? new Set<string>()
    : new Set(
        (
          await tx
            .select({ userId: emailOptOuts.userId })
            .from(emailOptOuts)
            .where(
              and(
                eq(emailOptOuts.kind, event.kind),
                inArray(
                  emailOptOuts.userId,
                  to.map((r) => r.userId),
                ),
              ),
            )
        ).map((r) => r.userId),
      );
  const inApp = !(EMAIL_ONLY as readonly string[]).includes(event.kind);
  const held = options.notBefore ? { nextAttemptAt: options.notBefore } : {};
  await tx
    .insert(notificationOutbox)
    .values(
      to.flatMap((recipient) => [
        ...(inApp ? [{ ...recipient, channel: 'in_app' as const, kind: event.kind, payload, ...held }] : []),
        ...(optedOut.has(recipient.userId)
          ? []
          : [{ ...recipient, channel: 'email' as const, kind: event.kind, payload, ...held }]),
      ]),
    );
}

/**
 * Takes back, in the caller's transaction, the messages of an order's step that are still held back (written with
 * `notBefore`, not yet due, never claimed): a step its shop undid at once is never told (decision 059). Answers how
 * many rows it removed.
 */
export async function withdrawHeldNotifications(
  tx: Tx,
  match: { kind: NotificationEvent['kind']; orderId: string; shopName: string; status: string },
): Promise<number> {
  const removed = await tx
    .delete(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.kind, match.kind),
        eq(notificationOutbox.state, 'pending'),
        eq(notificationOutbox.attempts, 0),
        gt(notificationOutbox.nextAttemptAt, sql`now()`),
        sql`${notificationOutbox.payload}->>'orderId' = ${match.orderId}`,
        sql`${notificationOutbox.payload}->>'shopName' = ${match.shopName}`,
        sql`${notificationOutbox.payload}->>'status' = ${match.status}`,
      ),
    )
    .returning({ id: notificationOutbox.id });
  return removed.length;
}

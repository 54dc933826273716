import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationOutbox } from './tables.ts';

/** How long a delivered outbox row is kept (the bell's notification it became stays). */
export const KEEP_SENT_DAYS = 30;

/** Deletes outbox rows delivered more than KEEP_SENT_DAYS before `now`; pending and failed rows stay. */
export async function deleteOldSentNotifications(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_SENT_DAYS * 24 * 3600_000);
  const deleted = await db
    .delete(notificationOutbox)
    .where(and(eq(notificationOutbox.state, 'sent'), lt(notificationOutbox.sentAt, before)))
    .returning({ id: notificationOutbox.id });
  return deleted.length;
}

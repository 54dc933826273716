import { desc, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { personsRows } from '../../db/persons-rows.ts';
import { emailOptOuts, notificationOutbox, notifications } from './tables.ts';

/** The person's bell notifications and the kinds of e-mail they turned off, for the export. */
export async function notificationsForExport(db: Tx, userId: string) {
  const columns = {
    kind: notifications.kind,
    title: notifications.title,
    body: notifications.body,
    link: notifications.link,
    readAt: notifications.readAt,
    createdAt: notifications.createdAt,
  };
  const bell = await personsRows(db.select(columns).from(notifications).$dynamic(), notifications, userId, desc);
  const optOuts = await db
    .select({ kind: emailOptOuts.kind, since: emailOptOuts.createdAt })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.userId, userId));
  return { notifications: bell, emailOptOuts: optOuts };
}

/** A word to find case-insensitively in PostgreSQL's regular expressions, as written. */
const literally = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An account leaving: its outbox rows (pending e-mails to its address too), bell notifications and e-mail choices
 * are deleted; in everyone else's notifications and outbox payloads (a shop's "order received" names its buyer,
 * their phone and address) each of `words` is replaced by its stand-in.
 */
export async function eraseNotifications(
  tx: Tx,
  userId: string,
  words: readonly { word: string; insteadOf: string }[],
): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(notificationOutbox).where(eq(notificationOutbox.userId, userId));
  await tx.delete(emailOptOuts).where(eq(emailOptOuts.userId, userId));
  await replaceWords(tx, words);
}

/**
 * Replaces each of `words` by its stand-in in every notification and outbox payload (a shop's "order received" names
 * its buyer, their phone and address): an erased person's words, also when an order kept open finishes later.
 */
export async function replaceWords(tx: Tx, words: readonly { word: string; insteadOf: string }[]): Promise<void> {
  for (const { word, insteadOf } of words) {
    if (word.trim().length < 3) continue;
    const pattern = literally(word);
    await tx
      .update(notifications)
      .set({
        title: sql`regexp_replace(${notifications.title}, ${pattern}, ${insteadOf}, 'gi')`,
        body: sql`regexp_replace(${notifications.body}, ${pattern}, ${insteadOf}, 'gi')`,
      })
      .where(or(sql`${notifications.title} ~* ${pattern}`, sql`${notifications.body} ~* ${pattern}`));
    await tx
      .update(notificationOutbox)
      .set({ payload: sql`regexp_replace(${notificationOutbox.payload}::text, ${pattern}, ${insteadOf}, 'gi')::jsonb` })
      .where(sql`${notificationOutbox.payload}::text ~* ${pattern}`);
  }
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationOutbox, notifications } from './tables.ts';

const DAY_MS = 24 * 3600_000;

/**
 * Deletes outbox rows left failed and made more than `days` before `now` (retention, issue 34); the caller logs the
 * count, the one trace they leave. The bell notification a row became (none, when it failed) is not touched.
 */
export async function deleteOldFailedNotifications(db: Db, days: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  const deleted = await db
    .delete(notificationOutbox)
    .where(and(eq(notificationOutbox.state, 'failed'), lt(notificationOutbox.createdAt, before)))
    .returning({ id: notificationOutbox.id });
  return deleted.length;
}

/** Keeps each user's newest `perUser` bell notifications and deletes the older ones; returns how many went. */
export async function trimBellNotifications(db: Db, perUser: number): Promise<number> {
  const ranked = sql`select ${notifications.id} as id, row_number() over (partition by ${notifications.userId}
    order by ${notifications.createdAt} desc, ${notifications.id} desc) as rank from ${notifications}`;
  const deleted = await db
    .delete(notifications)
    .where(sql`${notifications.id} in (select id from (${ranked}) ranked where rank > ${perUser})`)
    .returning({ id: notifications.id });
  return deleted.length;
}

/**
 * Deletes the e-mail files (DATA_DIR/mail/*.eml, written when no SMTP server is set) last written more than `days`
 * before `now`; returns how many. A missing folder is nothing to delete.
 */
export async function deleteOldMailFiles(dataDir: string, days: number, now: Date = new Date()): Promise<number> {
  const folder = path.join(dataDir, 'mail');
  const before = now.getTime() - days * DAY_MS;
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(folder, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.mtimeMs >= before) continue;
    await fs.rm(file, { force: true });
    deleted++;
  }
  return deleted;
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import {
  type EmailPreferences,
  type NotificationPage,
  OPTIONAL_EMAIL_KINDS,
  type OutboxPage,
} from '#contract/notifications.ts';
import { type PageQuery, pageOf } from '#contract/pagination.ts';
import type { Db } from '../../db/client.ts';
import { newestFirstPage } from '../../db/paging.ts';
import { notFound } from '../../errors.ts';
import { emailOptOuts, notificationOutbox, notifications } from './tables.ts';

const unreadOf = async (db: Db, userId: string) =>
  (
    await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  )[0].n;

/** The user's notifications, newest first, with how many are unread. */
export async function listNotifications(db: Db, userId: string, query: PageQuery): Promise<NotificationPage> {
  const [{ total }] = await db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId));
  const rows = await newestFirstPage(
    db.select().from(notifications).where(eq(notifications.userId, userId)).$dynamic(),
    notifications,
    query,
  );
  const items = rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: r.createdAt.toISOString(),
    read: r.readAt !== null,
  }));
  return { ...pageOf(items, total, query), unread: await unreadOf(db, userId) };
}

/** Marks the user's own notifications read (ids of anyone else's change nothing); answers how many, and the unread left. */
export async function markNotificationsRead(db: Db, userId: string, which: { ids: string[] } | { all: true }) {
  const moved = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        'ids' in which ? inArray(notifications.id, which.ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return { changed: moved.length, unread: await unreadOf(db, userId) };
}

export async function emailPreferencesOf(db: Db, userId: string): Promise<EmailPreferences> {
  const off = new Set(
    (await db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId))).map(
      (r) => r.kind,
    ),
  );
  return Object.fromEntries(OPTIONAL_EMAIL_KINDS.map((kind) => [kind, !off.has(kind)])) as EmailPreferences;
}

export async function setEmailPreferences(db: Db, userId: string, changes: Partial<EmailPreferences>) {
  const entries = Object.entries(changes) as [keyof EmailPreferences, boolean][];
  await db.transaction(async (tx) => {
    const on = entries.filter(([, wanted]) => wanted).map(([kind]) => kind);
    const off = entries.filter(([, wanted]) => !wanted).map(([kind]) => kind);
    if (on.length > 0)
      await tx.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), inArray(emailOptOuts.kind, on)));
    if (off.length > 0)
      await tx
        .insert(emailOptOuts)
        .values(off.map((kind) => ({ userId, kind })))
        .onConflictDoNothing();
  });
  return emailPreferencesOf(db, userId);
}

/** The newest e-mails written as files (no SMTP server set), with their subject and recipient. */
async function mailFiles(folder: string | undefined, limit = 50) {
  if (!folder) return [];
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => ({ name, stat: await fs.stat(path.join(folder, name)) })),
  );
  files.sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs);
  return Promise.all(
    files.slice(0, limit).map(async ({ name, stat }) => {
      const raw = await fs.readFile(path.join(folder, name), 'utf8');
      return { name, subject: headerOf(raw, 'Subject'), to: headerOf(raw, 'To'), size: stat.size };
    }),
  );
}

/** A header of a raw message, unfolded, its encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) decoded. */
export function headerOf(raw: string, field: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return decodeHeader(new RegExp(`^${field}: (.*)$`, 'im').exec(head)?.[1] ?? '');
}

function decodeHeader(value: string): string {
  // Words are decoded to bytes first: a character's bytes may be split between two adjacent words.
  const bytes = value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('latin1')
      : text
          .replace(/_/g, ' ')
          .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export async function listOutbox(db: Db, query: PageQuery, mailFolder: string | undefined): Promise<OutboxPage> {
  const [{ total }] = await db.select({ total: count() }).from(notificationOutbox);
  const rows = await newestFirstPage(db.select().from(notificationOutbox).$dynamic(), notificationOutbox, query);
  const items = rows.map((r) => ({
    _id: r.id,
    recipient: r.email,
    channel: r.channel,
    kind: r.kind,
    state: r.state,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
  return { ...pageOf(items, total, query), mailFiles: await mailFiles(mailFolder) };
}

/** One written e-mail file, read whole. */
export async function readMailFile(folder: string | undefined, name: string): Promise<Buffer> {
  if (!folder) throw notFound('E-mail file');
  return fs.readFile(path.join(folder, path.basename(name))).catch(() => {
    throw notFound('E-mail file');
  });
}

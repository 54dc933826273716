import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, type NotificationEvent, OUTBOX_CHANNELS, OUTBOX_STATES } from '#contract/notifications.ts';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const outboxChannelEnum = pgEnum('outbox_channel', OUTBOX_CHANNELS);
export const outboxStateEnum = pgEnum('outbox_state', OUTBOX_STATES);

/**
 * One message to deliver to one user on one channel, written in the transaction of the change it tells about
 * (decision 019). `claimed_pid` is the PostgreSQL backend of the connection that is sending it.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    /** The address when the event happened (e-mail rows). */
    email: text('email').notNull(),
    channel: outboxChannelEnum('channel').notNull(),
    kind: notificationKindEnum('kind').notNull(),
    payload: jsonb('payload').$type<NotificationEvent>().notNull(),
    state: outboxStateEnum('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    claimedPid: integer('claimed_pid'),
    claimedUntil: timestamptz('claimed_until'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} IN ('pending', 'sending')`),
    index('notification_outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('notification_outbox_sent_idx').on(t.sentAt).where(sql`${t.state} = 'sent'`),
  ],
);

/** The bell's notifications: one per delivered in-app outbox row (kept when that row is cleaned up after 30 days). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    outboxId: uuid('outbox_id').references(() => notificationOutbox.id, { onDelete: 'set null' }),
    kind: notificationKindEnum('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_outbox_key').on(t.outboxId),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);

/** The optional kinds of e-mail a user turned off (receipts and refunds cannot be). */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: reference('user_id', () => users.id, 'cascade'),
    kind: notificationKindEnum('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

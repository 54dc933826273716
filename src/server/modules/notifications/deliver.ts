import type { FastifyBaseLogger } from 'fastify';
import type Mail from 'nodemailer/lib/mailer';
import type pg from 'pg';
import type { NotificationEvent } from '#contract/notifications.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from './mailer.ts';
import { describe, emailParts } from './render.ts';

/** A claimed row is taken from a sender still connected only after this long (SMTP timeouts end far sooner). */
const CLAIM_SECONDS = 300;
/** After this many attempts a row is left failed (shown in the admin's outbox). */
export const MAX_ATTEMPTS = 8;

/** 30 s after the first failure, doubling, at most 6 h. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 6 * 3600_000);

export type DeliveryOptions = {
  mailer: Mailer;
  /** The app's address, for links in e-mails and their Message-IDs. */
  publicUrl: string;
  /** Files attached to an event's e-mail (the receipt's invoice PDF). */
  attachments?: (event: NotificationEvent, userId: string) => Promise<Mail.Attachment[]>;
  log?: FastifyBaseLogger;
  now?: () => Date;
  limit?: number;
};

type Claimed = {
  id: string;
  user_id: string;
  email: string;
  channel: 'in_app' | 'email';
  payload: NotificationEvent;
  attempts: number;
};

/**
 * Claims one due row for this connection: pending and due, or left 'sending' by a sender that is gone (its
 * PostgreSQL session ended: the process died) or past its claim. SKIP LOCKED: two workers never claim one row.
 */
const CLAIM = `
  UPDATE notification_outbox SET state = 'sending', attempts = attempts + 1, claimed_pid = pg_backend_pid(),
    claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
  WHERE id = (
    SELECT o.id FROM notification_outbox o
    WHERE (o.state = 'pending' AND o.next_attempt_at <= $1)
       OR (o.state = 'sending' AND (o.claimed_until < now()
           OR NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = o.claimed_pid)))
    ORDER BY o.next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING id, user_id, email, channel, payload, attempts`;

/** Only the claim's own connection settles a row (a row taken over meanwhile is the new sender's). */
const MINE = `id = $1 AND state = 'sending' AND claimed_pid = pg_backend_pid()`;
const SENT = `UPDATE notification_outbox SET state = 'sent', sent_at = now(), claimed_pid = NULL, claimed_until = NULL,
  last_error = NULL WHERE ${MINE}`;

/** Whether the SMTP server refused for good (5xx): retrying would not help. */
const permanent = (error: unknown) =>
  typeof (error as { responseCode?: unknown }).responseCode === 'number' &&
  (error as { responseCode: number }).responseCode >= 500;

/**
 * Delivers due outbox rows one at a time, each on the same connection from its claim to its settlement: in-app
 * rows become the user's notification in one transaction with 'sent'; e-mails are sent with a Message-ID made
 * from the row's id and marked sent right after the server accepted them. A refused or failed send waits with
 * exponential backoff; a permanent refusal or MAX_ATTEMPTS leave it failed.
 */
export async function deliverDueNotifications(db: Db, options: DeliveryOptions) {
  const { mailer, publicUrl, log, now = () => new Date(), limit = 50 } = options;
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  const host = new URL(publicUrl).hostname;
  let sent = 0;
  let failed = 0;
  try {
    for (let n = 0; n < limit; n++) {
      const [row] = (await client.query<Claimed>(CLAIM, [now()])).rows;
      if (!row) break;
      const message = describe(row.payload);
      try {
        if (row.channel === 'in_app') {
          await client.query('BEGIN');
          await client.query(
            `INSERT INTO notifications (user_id, outbox_id, kind, title, body, link)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (outbox_id) DO NOTHING`,
            [row.user_id, row.id, row.payload.kind, message.title, message.body, message.link],
          );
          await client.query(SENT, [row.id]);
          await client.query('COMMIT');
        } else {
          await mailer.send(
            {
              to: row.email,
              subject: message.title,
              messageId: `<${row.id}@${host}>`,
              ...emailParts(message, publicUrl),
              attachments: (await options.attachments?.(row.payload, row.user_id)) ?? [],
            },
            row.id,
          );
          await client.query(SENT, [row.id]);
        }
        sent++;
      } catch (error) {
        if (row.channel === 'in_app') await client.query('ROLLBACK').catch(() => undefined);
        failed++;
        const { attempts } = row;
        const giveUp = permanent(error) || attempts >= MAX_ATTEMPTS;
        log?.warn({ err: error, outboxId: row.id, attempts, giveUp }, 'A notification could not be delivered');
        await client.query(
          `UPDATE notification_outbox SET state = $2, last_error = $3, next_attempt_at = $4, claimed_pid = NULL,
             claimed_until = NULL WHERE ${MINE}`,
          [
            row.id,
            giveUp ? 'failed' : 'pending',
            String((error as Error).message ?? error).slice(0, 500),
            new Date(now().getTime() + retryDelayMs(attempts)),
          ],
        );
      }
    }
  } finally {
    client.release();
  }
  return { sent, failed };
}

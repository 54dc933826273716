import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** Outbox rows still to deliver: pending or being sent (read by notification_outbox_due_idx). */
export async function outboxPending(db: Tx): Promise<number> {
  const result = await db.execute<{ pending: number | string }>(
    sql`select count(*) as pending from notification_outbox where state in ('pending', 'sending')`,
  );
  return Number(result.rows[0]?.pending ?? 0);
}

/** Outbox rows that failed for good. They have no index of their own: /metrics asks at most once a minute. */
export async function outboxFailed(db: Tx): Promise<number> {
  const result = await db.execute<{ failed: number | string }>(
    sql`select count(*) as failed from notification_outbox where state = 'failed'`,
  );
  return Number(result.rows[0]?.failed ?? 0);
}

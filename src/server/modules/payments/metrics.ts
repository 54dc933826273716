import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** What /metrics shows of money that is not settled yet (plugins/metrics.ts); each count is read by a partial index. */
export type MoneyFigures = {
  /** Seconds since the oldest paid charge that has neither its order nor its refund yet was paid; 0 when none. */
  unsettledPaymentAgeSeconds: number;
  /** Transfers to shops waiting for their next attempt at the provider. */
  transfersPending: number;
};

/**
 * The oldest paid, unsettled charge and the pending transfers (transfers_due_idx). A charge is known to be paid once
 * the settle path has heard so (the browser's confirmation, Stripe's webhook, reconciliation: status succeeded,
 * neither order nor refund yet); the sandbox processor keeps its charges in this database, so one it has charged
 * whose intent is still waiting for its confirmation counts too. Both read only open intents
 * (payment_intents_open_idx), the sandbox's rows by their key (only a sandbox intent has one).
 */
export async function moneyFigures(db: Tx): Promise<MoneyFigures> {
  const result = await db.execute<{ age: number | string | null; pending: number | string }>(sql`
    select
      (select extract(epoch from now() - min(since)) from (
         select coalesce(paid_at, created_at) as since from payment_intents where status = 'succeeded'
         union all
         select i.created_at from payment_intents i
           join sandbox_payment_intents s on s.id = i.provider_intent_id
          where i.status = 'requires_confirmation' and s.status in ('succeeded', 'requires_capture')
       ) paid) as age,
      (select count(*) from transfers where status = 'pending') as pending`);
  const row = result.rows[0];
  return {
    unsettledPaymentAgeSeconds: Math.max(0, Number(row?.age ?? 0)),
    transfersPending: Number(row?.pending ?? 0),
  };
}

/**
 * Transfers failed for good (a person must act: payments/attempts.ts). No index holds them (they are few and rare),
 * so this one reads the table: /metrics asks for it at most once a minute.
 */
export async function failedTransferCount(db: Tx): Promise<number> {
  const result = await db.execute<{ failed: number | string }>(
    sql`select count(*) as failed from transfers where status = 'failed'`,
  );
  return Number(result.rows[0]?.failed ?? 0);
}

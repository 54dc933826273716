import { type AnyColumn, and, eq, getTableColumns, gte, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Period } from '../payouts/index.ts';
import { paymentIntents, transferReversals, transfers } from './tables.ts';

/**
 * The shop's reversals that are taken back or on their way (a failed one never took anything) and meet any further
 * `conditions`; their transfer is joined by `ofTheirTransfer`.
 */
const liveReversalsOf = (shopId: string, ...conditions: (SQL | undefined)[]) =>
  and(eq(transfers.shopId, shopId), ne(transferReversals.status, 'failed'), ...conditions);
const ofTheirTransfer = eq(transfers.id, transferReversals.transferId);

/**
 * A shop's transfers with what refunds after delivery took back from each (amount) and gave back of the commission,
 * as a relation another module's page can join in SQL: `id, order_id, shop_id, created_at, succeeded_at,
 * goods_cents, delivery_cents, commission_cents, amount_cents, status, reversed_cents, commission_back_cents`.
 */
export function shopTransfersRelation(shopId: string): SQL {
  return sql`(select ${transfers.id} as id, ${transfers.orderId} as order_id, ${transfers.shopId} as shop_id,
    ${transfers.createdAt} as created_at, ${transfers.succeededAt} as succeeded_at,
    ${transfers.goodsCents} as goods_cents, ${transfers.deliveryCents} as delivery_cents,
    ${transfers.commissionCents} as commission_cents, ${transfers.amountCents} as amount_cents,
    ${transfers.status} as status,
    coalesce((select sum(r.amount_cents) from transfer_reversals r
      where r.transfer_id = ${transfers.id} and r.status <> 'failed'), 0)::int as reversed_cents,
    coalesce((select sum(r.commission_cents) from transfer_reversals r
      where r.transfer_id = ${transfers.id} and r.status <> 'failed'), 0)::int as commission_back_cents
    from ${transfers} where ${transfers.shopId} = ${shopId})`;
}

/**
 * A shop's balance in cents, from its transfers net of the refunds after delivery: owed, on the way and paid add up
 * to everything the shop earned; and the commission the marketplace kept, in total and in `month`.
 */
export async function shopBalance(db: Tx, shopId: string, month: Period) {
  const inMonth = (column: SQL) =>
    sql`${column} >= ${month.from.toISOString()} and ${column} < ${month.to.toISOString()}`;
  const [row] = await db
    .select({
      owed: sql<number>`coalesce(sum(t.amount_cents - t.reversed_cents) filter (where t.status in ('waiting', 'failed')), 0)::int`,
      onTheWay: sql<number>`coalesce(sum(t.amount_cents - t.reversed_cents) filter (where t.status = 'pending'), 0)::int`,
      paid: sql<number>`coalesce(sum(t.amount_cents - t.reversed_cents) filter (where t.status = 'succeeded'), 0)::int`,
      commission: sql<number>`coalesce(sum(t.commission_cents - t.commission_back_cents), 0)::int`,
      commissionInMonth: sql<number>`coalesce(sum(t.commission_cents) filter (where ${inMonth(sql`t.created_at`)}), 0)::int`,
    })
    .from(sql`${shopTransfersRelation(shopId)} t`);
  const [back] = await db
    .select({ cents: sql<number>`coalesce(sum(${transferReversals.commissionCents}), 0)::int` })
    .from(transferReversals)
    .innerJoin(transfers, ofTheirTransfer)
    .where(
      liveReversalsOf(shopId, gte(transferReversals.createdAt, month.from), lt(transferReversals.createdAt, month.to)),
    );
  return {
    owedCents: row.owed,
    onTheWayCents: row.onTheWay,
    paidCents: row.paid,
    commissionCents: { total: row.commission, thisMonth: row.commissionInMonth - back.cents },
  };
}

/** What the shop earned up to `at` and was not yet sent to its account by then (owed or on the way), in cents. */
export async function unpaidAt(db: Tx, shopId: string, at: Date): Promise<number> {
  const before = (column: AnyColumn) => lt(column, at);
  const [earned] = await db
    .select({
      recorded: sql<number>`coalesce(sum(${transfers.amountCents}) filter (where ${before(transfers.createdAt)}), 0)::int`,
      sent: sql<number>`coalesce(sum(${transfers.amountCents}) filter (where ${before(transfers.succeededAt)}), 0)::int`,
    })
    .from(transfers)
    .where(eq(transfers.shopId, shopId));
  const [back] = await db
    .select({
      recorded: sql<number>`coalesce(sum(${transferReversals.amountCents}) filter (where ${before(transferReversals.createdAt)}), 0)::int`,
      taken: sql<number>`coalesce(sum(${transferReversals.amountCents}) filter (where ${before(transferReversals.succeededAt)}), 0)::int`,
    })
    .from(transferReversals)
    .innerJoin(transfers, ofTheirTransfer)
    .where(liveReversalsOf(shopId));
  return earned.recorded - back.recorded - (earned.sent - back.taken);
}

/** The calendar months (YYYY-MM in `timeZone`) with any of the shop's transfers or reversals recorded or sent. */
export async function payoutMonths(db: Tx, shopId: string, timeZone: string): Promise<string[]> {
  const month = (column: SQL) => sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;
  const result = await db.execute<{ month: string }>(sql`
    select distinct m.month from ${shopTransfersRelation(shopId)} t
    left join ${transferReversals} r on r.transfer_id = t.id and r.status <> 'failed'
    cross join lateral (values (${month(sql`t.created_at`)}), (${month(sql`t.succeeded_at`)}),
      (${month(sql`r.created_at`)}), (${month(sql`r.succeeded_at`)})) as m(month)
    where m.month is not null
    order by m.month desc`);
  return result.rows.map((row) => row.month);
}

/** The shop's ledger rows that fall in a period: transfers recorded or sent in it, reversals recorded or taken in it. */
export async function shopLedgerIn(db: Tx, shopId: string, period: Period) {
  const within = (column: AnyColumn) => and(gte(column, period.from), lt(column, period.to));
  const transferRows = await db
    .select({ ...getTableColumns(transfers), captureMethod: paymentIntents.captureMethod })
    .from(transfers)
    .innerJoin(paymentIntents, eq(paymentIntents.id, transfers.paymentIntentId))
    .where(and(eq(transfers.shopId, shopId), or(within(transfers.createdAt), within(transfers.succeededAt))))
    .orderBy(transfers.createdAt, transfers.id);
  const reversalRows = await db
    .select({
      id: transferReversals.id,
      orderId: transfers.orderId,
      refundId: transferReversals.refundId,
      amountCents: transferReversals.amountCents,
      commissionCents: transferReversals.commissionCents,
      taxCents: transferReversals.taxCents,
      createdAt: transferReversals.createdAt,
      succeededAt: transferReversals.succeededAt,
    })
    .from(transferReversals)
    .innerJoin(transfers, ofTheirTransfer)
    .where(liveReversalsOf(shopId, or(within(transferReversals.createdAt), within(transferReversals.succeededAt))))
    .orderBy(transferReversals.createdAt, transferReversals.id);
  return { transfers: transferRows, reversals: reversalRows };
}

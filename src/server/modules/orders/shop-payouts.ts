import { inArray, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { centsToDollars } from '#contract/money.ts';
import { formatOrderNumber } from '#contract/order-numbers.ts';
import type { ShopTransfersPage } from '#contract/vendor-payouts.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import {
  type Period,
  refundsOfOrders,
  type ShopLedger,
  shopLedgerIn,
  shopTransfersRelation,
  transferState,
  unpaidAt,
} from '../payments/index.ts';
import { chargedOf, goodsShares } from './refund-shares.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

/** A calendar month (YYYY-MM) in the marketplace's time zone, as instants. */
export function monthPeriod(month: string, timeZone: string): Period {
  const first = Temporal.PlainYearMonth.from(month).toPlainDate({ day: 1 });
  const at = (day: Temporal.PlainDate) => new Date(day.toZonedDateTime({ timeZone }).epochMilliseconds);
  return { from: at(first), to: at(first.add({ months: 1 })) };
}

/** The day (YYYY-MM-DD) an instant falls on, in the time zone; its first 7 characters are its month. */
export const daySeen = (at: Date, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();

export const TRANSFERS_PAGE_SIZE = 20;

const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (!id || !uuid.test(id) || Number.isNaN(Date.parse(createdAt))) {
    throw badRequest('This cursor is not one this list gave', { cursor: 'This cursor is not one this list gave' });
  }
  return { createdAt, id };
}

type TransferWithOrder = {
  id: string;
  order_id: string;
  /** bigint: pg gives it as text. */
  order_number: string;
  order_date: Date;
  created_at: Date;
  succeeded_at: Date | null;
  goods_cents: number;
  delivery_cents: number;
  commission_cents: number;
  amount_cents: number;
  reversed_cents: number;
  status: string;
};

/** A page of the shop's transfers with their orders, newest first, in one statement (keyset on created_at, id). */
export async function shopTransfers(db: Tx, shopId: string, cursor?: string): Promise<ShopTransfersPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const { rows } = await db.execute<TransferWithOrder>(sql`
    select t.*, o.order_number, o.created_at as order_date from ${shopTransfersRelation(shopId)} t
    join orders o on o.id = t.order_id
    ${after ? sql`where (t.created_at, t.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
    order by t.created_at desc, t.id desc
    limit ${TRANSFERS_PAGE_SIZE + 1}`);
  const page = rows.slice(0, TRANSFERS_PAGE_SIZE);
  const last = page.at(-1);
  const iso = (at: Date | string) => new Date(at).toISOString();
  return {
    items: page.map((row) => ({
      _id: row.id,
      orderId: row.order_id,
      orderNumber: formatOrderNumber(Number(row.order_number)),
      orderDate: iso(row.order_date),
      deliveredAt: iso(row.created_at),
      goods: centsToDollars(row.goods_cents),
      delivery: centsToDollars(row.delivery_cents),
      commission: centsToDollars(row.commission_cents),
      reversed: centsToDollars(row.reversed_cents),
      amount: centsToDollars(row.amount_cents - row.reversed_cents),
      state: transferState(row.status),
      sentAt: row.succeeded_at ? iso(row.succeeded_at) : null,
    })),
    nextCursor: rows.length > TRANSFERS_PAGE_SIZE && last ? encodeCursor(new Date(last.created_at), last.id) : null,
  };
}

/**
 * One order line as a statement shows it: what the buyer paid for it (without tax), the commission on it, and the
 * tax on it, which the marketplace collects and remits (decision 028).
 */
export type SoldLine = {
  orderId: string;
  itemName: string;
  amount: number;
  grams: number | null;
  weighed: boolean;
  paidCents: number;
  commissionBps: number;
  taxBps: number;
  taxCents: number;
};

/**
 * The lines of the shop's parts whose transfers are in `recorded`, each with its share of the charge: the same
 * shares the transfer counted (goodsShares over the lines the charge paid for). Two statements for all the orders.
 */
async function soldLines(db: Tx, shopId: string, recorded: ShopLedger['transfers']): Promise<SoldLine[]> {
  const orderIds = recorded.map((transfer) => transfer.orderId);
  if (orderIds.length === 0) return [];
  const lines = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      vendorId: orderLines.vendorId,
      itemName: orderLines.itemName,
      amount: orderLines.amount,
      totalCents: orderLines.totalCents,
      unitPriceCents: orderLines.unitPriceCents,
      status: orderLines.status,
      estimatedGrams: orderLines.estimatedGrams,
      actualGrams: orderLines.actualGrams,
      commissionBps: orderLines.commissionBps,
      taxBps: orderLines.taxBps,
      taxCents: orderLines.taxCents,
      taxIncluded: customerPayments.taxIncluded,
      // The goods' charge without the tax it added (decision 028), which paidLineShares splits too.
      goodsChargedCents: sql<number>`(${customerPayments.priceCents} - ${customerPayments.deliveryCents} - CASE WHEN ${customerPayments.taxIncluded} THEN 0 ELSE ${customerPayments.taxCents} END)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
    .innerJoin(customerPayments, sql`${customerPayments.id} = ${orders.paymentId}`)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.orderId, orderLines.createdAt, orderLines.id);
  const refundKeys = new Set((await refundsOfOrders(db, orderIds)).map((refund) => refund.idempotencyKey));
  return recorded.flatMap((transfer) => {
    const ofOrder = lines.filter((line) => line.orderId === transfer.orderId);
    if (ofOrder.length === 0) return [];
    const captured = transfer.captureMethod === 'manual';
    const charged = chargedOf(ofOrder, captured, new Set(), refundKeys);
    const shares = goodsShares(charged, ofOrder[0].goodsChargedCents, captured);
    const shareOf = new Map(charged.map((line, index) => [line.id, shares[index]]));
    return ofOrder
      .filter((line) => line.vendorId === shopId && line.status !== 'cancelled')
      .map((line) => ({
        orderId: line.orderId,
        itemName: line.itemName,
        amount: line.amount,
        grams: line.actualGrams ?? line.estimatedGrams,
        weighed: line.actualGrams !== null,
        // The shop's goods: its share without the tax in it, which the marketplace keeps.
        paidCents: (shareOf.get(line.id) ?? 0) - (line.taxIncluded ? line.taxCents : 0),
        commissionBps: line.commissionBps,
        taxBps: line.taxBps,
        taxCents: line.taxCents,
      }));
  });
}

/** Everything a month's statement is built from: the ledger rows in the month, the lines sold, the balances. */
export async function statementData(db: Tx, shopId: string, month: string, timeZone: string) {
  const period = monthPeriod(month, timeZone);
  const ledger = await shopLedgerIn(db, shopId, period);
  const inPeriod = (at: Date | null) => at !== null && at >= period.from && at < period.to;
  const recorded = ledger.transfers.filter((transfer) => inPeriod(transfer.createdAt));
  return {
    month,
    timeZone,
    period,
    ledger,
    recorded,
    lines: await soldLines(db, shopId, recorded),
    openingUnpaidCents: await unpaidAt(db, shopId, period.from),
    closingUnpaidCents: await unpaidAt(db, shopId, period.to),
    inPeriod,
  };
}
export type StatementData = Awaited<ReturnType<typeof statementData>>;

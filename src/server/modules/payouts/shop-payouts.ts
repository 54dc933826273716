import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { centsToDollars } from '#contract/money.ts';
import type { ShopTransfersPage } from '#contract/vendor-payouts.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import type { PayoutSources, Period } from './sources.ts';

export type { SoldLine } from './sources.ts';

/** A calendar month (YYYY-MM) in the marketplace's time zone, as instants. */
export function monthPeriod(month: string, timeZone: string): Period {
  const first = Temporal.PlainYearMonth.from(month).toPlainDate({ day: 1 });
  const at = (day: Temporal.PlainDate) => new Date(day.toZonedDateTime({ timeZone }).epochMilliseconds);
  return { from: at(first), to: at(first.add({ months: 1 })) };
}

/** The day (YYYY-MM-DD) an instant falls on, in the time zone; its first 7 characters are its month. */
export const daySeen = (at: Date, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();

/** Where a transfer's money is, for the shop: owed (waiting or failed for good), on the way (pending), paid. */
function transferState(status: string): 'owed' | 'on_the_way' | 'paid' {
  if (status === 'succeeded') return 'paid';
  return status === 'pending' ? 'on_the_way' : 'owed';
}

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

type TransferRow = {
  id: string;
  order_id: string;
  created_at: Date;
  succeeded_at: Date | null;
  goods_cents: number;
  delivery_cents: number;
  commission_cents: number;
  amount_cents: number;
  reversed_cents: number;
  status: string;
};

/**
 * A page of the shop's transfers with their orders, newest first (keyset on created_at, id): the payments' relation,
 * then the orders' numbers and dates of the page (every transfer has its order: the foreign key restricts).
 */
export async function shopTransfers(
  db: Tx,
  sources: Pick<PayoutSources, 'shopTransfersRelation' | 'orderHeadsOf'>,
  shopId: string,
  cursor?: string,
): Promise<ShopTransfersPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const { rows } = await db.execute<TransferRow>(sql`
    select t.* from ${sources.shopTransfersRelation(shopId)} t
    ${after ? sql`where (t.created_at, t.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
    order by t.created_at desc, t.id desc
    limit ${TRANSFERS_PAGE_SIZE + 1}`);
  const page = rows.slice(0, TRANSFERS_PAGE_SIZE);
  const last = page.at(-1);
  const iso = (at: Date | string) => new Date(at).toISOString();
  const heads = await sources.orderHeadsOf(
    db,
    page.map((row) => row.order_id),
  );
  return {
    items: page.map((row) => ({
      _id: row.id,
      orderId: row.order_id,
      orderNumber: heads.get(row.order_id)?.orderNumber ?? '',
      orderDate: iso(heads.get(row.order_id)?.createdAt ?? row.created_at),
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

/** Everything a month's statement is built from: the ledger rows in the month, the lines sold, the balances. */
export async function statementData(
  db: Tx,
  sources: Pick<PayoutSources, 'shopLedgerIn' | 'soldLinesOf' | 'unpaidAt'>,
  shopId: string,
  month: string,
  timeZone: string,
) {
  const period = monthPeriod(month, timeZone);
  const ledger = await sources.shopLedgerIn(db, shopId, period);
  const inPeriod = (at: Date | null) => at !== null && at >= period.from && at < period.to;
  const recorded = ledger.transfers.filter((transfer) => inPeriod(transfer.createdAt));
  return {
    month,
    timeZone,
    period,
    ledger,
    recorded,
    lines: await sources.soldLinesOf(db, shopId, recorded),
    openingUnpaidCents: await sources.unpaidAt(db, shopId, period.from),
    closingUnpaidCents: await sources.unpaidAt(db, shopId, period.to),
    inPeriod,
  };
}
export type StatementData = Awaited<ReturnType<typeof statementData>>;

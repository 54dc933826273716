import { and, asc, count, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { OrderFulfilment } from '#contract/checkout-plan.ts';
import { describeSaving, type LineSaving } from '#contract/markdowns.ts';
import { centsToDollars } from '#contract/money.ts';
import { formatInvoiceNumber, formatOrderNumber } from '#contract/order-numbers.ts';
import type {
  CardHold,
  CustomerPayment,
  CustomerStats,
  LineWeight,
  OrderSearchQuery,
  PaymentRefund,
} from '#contract/orders.ts';
import { pageOf } from '#contract/pagination.ts';
import { taxByRate } from '#contract/tax.ts';
import { isNetUnit, type NetUnit } from '#contract/units.ts';
import { normalizeEmail } from '#contract/validation.ts';
import { weighedCents } from '#contract/weighed.ts';
import type { Tx } from '../../db/client.ts';
import { newestFirstPage } from '../../db/paging.ts';
import { forbidden, notFound } from '../../errors.ts';
import { authorizationsOf, type OrderRefund, refundsOfOrders } from '../payments/index.ts';
import { bookedSlotStates } from '../slots/index.ts';
import { chargedPayment, chargeTimeLabel, isUncharged } from './charged.ts';
import { paymentNote } from './notes.ts';
import { type OrderMoney, orderMoney } from './order-money.ts';
import { orderNumbered } from './order-search.ts';
import { feeRefundKey, lineRefundKey, paidShares, partRefundPrefix } from './refund-shares.ts';
import { customerPayments, orderFulfilments, orderLines, orders } from './tables.ts';

/** Payment records with their order's status (stored once, on the order). */
function paymentRows(db: Tx, where: SQL | undefined) {
  return db
    .select({
      ...getTableColumns(customerPayments),
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      note: paymentNote,
    })
    .from(customerPayments)
    .innerJoin(orders, eq(orders.paymentId, customerPayments.id))
    .where(where);
}
type PaymentRow = Awaited<ReturnType<typeof paymentRows>>[number];

type LineRow = typeof orderLines.$inferSelect;
type RefundRow = OrderRefund;

const REFUND_REASON: Record<RefundRow['reason'], string> = {
  vendor_cancelled: 'cancelled by the shop',
  customer_cancelled: 'cancelled by you',
  cannot_fulfil: 'the order could not be made',
  duplicate: 'a second payment for the same cart',
  abandoned: 'the payment was never completed',
  after_delivery: 'refunded after delivery',
};

/** A refund as its buyer reads it: what was given back (the cancelled line), why, and whether it is back yet. */
function toPaymentRefund(refund: RefundRow, lines: LineRow[]): PaymentRefund {
  const refunded = lines.filter((line) => lineRefundKey(line.id) === refund.idempotencyKey);
  const feeOf = lines.find((line) => feeRefundKey(line.orderId, line.vendorId) === refund.idempotencyKey);
  const partOf = lines.find((line) => refund.idempotencyKey.startsWith(partRefundPrefix(line.orderId, line.vendorId)));
  const what = feeOf
    ? `Delivery (${feeOf.shopName})`
    : partOf
      ? partOf.shopName
      : refunded.map((line) => `${line.itemName} ×${line.amount} (${line.shopName})`).join(', ');
  const why = REFUND_REASON[refund.reason];
  return {
    _id: refund.id,
    amount: centsToDollars(refund.amountCents),
    description: what ? `${what}, ${why}` : why[0].toUpperCase() + why.slice(1),
    lineIds: refunded.map((line) => line.id),
    status: refund.status,
    date: refund.createdAt.toISOString(),
  };
}

const sumCents = (rows: { amountCents: number }[]) => rows.reduce((sum, r) => sum + r.amountCents, 0);

/** ISO 8601 with the zone's offset at that instant, as the slot was shown (2026-11-28T09:00:00-08:00). */
const isoIn = (at: Date, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(timeZone)
    .toString({ timeZoneName: 'never', smallestUnit: 'second' });

export function toOrderFulfilment(row: typeof orderFulfilments.$inferSelect): OrderFulfilment {
  return {
    shopId: row.shopId,
    shopName: row.shopName,
    kind: row.kind,
    start: isoIn(row.startsAt, row.timeZone),
    end: isoIn(row.endsAt, row.timeZone),
    timeZone: row.timeZone,
    pickupPoint:
      row.pickupPointName === null || row.pickupPointAddress === null
        ? null
        : { name: row.pickupPointName, address: row.pickupPointAddress },
    deliveryAddress:
      row.deliveryAddress === null || row.deliveryPostcode === null
        ? null
        : { address: row.deliveryAddress, postcode: row.deliveryPostcode },
    fee: centsToDollars(row.feeCents),
    note: row.note,
  };
}

/** How the orders' shop parts are handed over, soonest slot first. */
export const fulfilmentsOfOrders = (db: Tx, orderIds: string[]) =>
  db
    .select()
    .from(orderFulfilments)
    .where(inArray(orderFulfilments.orderId, orderIds))
    .orderBy(asc(orderFulfilments.startsAt), asc(orderFulfilments.shopName));

/** The pack one unit of the line was, as recorded at purchase (decision 053), or null. */
export function linePack(
  line: Pick<LineRow, 'packLabel' | 'netQuantity' | 'netUnit'>,
): { label: string; netQuantity: number; netUnit: NetUnit } | null {
  return line.packLabel !== null && line.netQuantity !== null && line.netUnit !== null && isNetUnit(line.netUnit)
    ? { label: line.packLabel, netQuantity: line.netQuantity, netUnit: line.netUnit }
    : null;
}

/** A weighed line's estimate and weight (its unit price is per kg); null for any other line. */
const weightOf = (line: LineRow): LineWeight =>
  line.estimatedGrams === null
    ? null
    : {
        estimatedGrams: line.estimatedGrams,
        estimate: centsToDollars(weighedCents(line.estimatedGrams, line.unitPriceCents)),
        actualGrams: line.actualGrams,
      };

/** The card hold of a payment only authorized at checkout, and what was charged of it; null otherwise. */
function holdOf(
  hold: Awaited<ReturnType<typeof authorizationsOf>>[number] | undefined,
  heldMoney: OrderMoney | undefined,
): CardHold {
  if (!hold) return null;
  const decided = hold.capturedCents !== null;
  const status =
    hold.captureStatus !== 'succeeded'
      ? decided
        ? 'charging'
        : 'authorized'
      : hold.capturedCents === 0
        ? 'released'
        : 'charged';
  return {
    authorized: centsToDollars(hold.authorizedCents),
    captured: decided ? centsToDollars(hold.capturedCents ?? 0) : null,
    notCharged: centsToDollars(hold.notChargedCents ?? 0),
    released: centsToDollars(
      decided ? hold.authorizedCents - (hold.capturedCents ?? 0) : (heldMoney?.releasedCents ?? 0),
    ),
    status,
  };
}

/** What stands now of each booked part's slot (when ordering closes, a cancellation), in their order. */
export const slotStatesOf = (db: Tx, booked: (typeof orderFulfilments.$inferSelect)[]) =>
  bookedSlotStates(
    db,
    booked.map((f) => ({ shopId: f.shopId, windowId: f.windowId, date: f.slotDate, startsAt: f.startsAt })),
  );

/**
 * When each subscription order not charged yet is charged: its slot's cutoff, as the deliveries job charges it (the
 * earliest, should it hold more than one part), with the time in the shop's zone: "Fri 4 Dec, 09:00".
 */
async function chargeTimesOf(db: Tx, orderIds: string[]) {
  const times = new Map<string, { at: string; label: string }>();
  if (orderIds.length === 0) return times;
  const booked = await fulfilmentsOfOrders(db, orderIds);
  const states = await slotStatesOf(db, booked);
  booked.forEach((part, index) => {
    const at = states[index].closesAt;
    const known = times.get(part.orderId);
    if (known && known.at <= at.toISOString()) return;
    times.set(part.orderId, { at: at.toISOString(), label: chargeTimeLabel(at, part.timeZone) });
  });
  return times;
}

/** The orders' booked slots whose date the shop cancelled afterwards, with its reason. */
async function cancelledSlotsOf(db: Tx, orderIds: string[]) {
  const booked = await fulfilmentsOfOrders(db, orderIds);
  const states = await slotStatesOf(db, booked);
  return booked.flatMap((f, index) => {
    const cancelled = states[index].cancelled;
    return cancelled ? [{ orderId: f.orderId, shopId: f.shopId, reason: cancelled.reason }] : [];
  });
}

/** The deal or near-expiry markdown an order line was sold at, as recorded at purchase. */
function savingOf(
  line: Pick<typeof orderLines.$inferSelect, 'saving' | 'savingPercent' | 'listPriceCents'>,
): LineSaving {
  if (line.saving === null || line.savingPercent === null || line.listPriceCents === null) return null;
  return describeSaving({ kind: line.saving, percent: line.savingPercent }, line.listPriceCents);
}

/**
 * A taxed order's tax (decision 028): per rate, on each line's share of what was charged for the goods (lines a
 * captured hold never charged take none); nothing for an untaxed order, whose JSON stays as it was.
 */
function taxOf(row: PaymentRow, lines: LineRow[], charged: (line: LineRow) => boolean) {
  if (!lines.some((line) => line.taxBps > 0)) return {};
  const paid = lines.filter(charged);
  const shares = paidShares(
    paid.map((line) => line.totalCents),
    row.priceCents - row.deliveryCents - (row.taxIncluded ? 0 : row.taxCents),
  );
  return {
    tax: centsToDollars(row.taxCents),
    pricesIncludeTax: row.taxIncluded,
    taxLines: taxByRate(
      paid.map((line, index) => ({
        baseCents: shares[index],
        bps: line.taxBps,
        taxCents: line.taxCents,
      })),
    ),
  };
}

/** Payment records with their order, lines, fulfilments and refunds, in the order of `rows`. Four queries, no N+1. */
async function withLines(db: Tx, rows: PaymentRow[]): Promise<CustomerPayment[]> {
  if (rows.length === 0) return [];
  const orderIds = rows.map((r) => r.orderId);
  const [lines, fulfilments, refundRows, cancelledSlots, holds, chargeTimes] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.createdAt), asc(orderLines.id)),
    fulfilmentsOfOrders(db, orderIds),
    refundsOfOrders(db, orderIds),
    cancelledSlotsOf(db, orderIds),
    authorizationsOf(
      db,
      rows.map((r) => r.transactionId),
    ),
    chargeTimesOf(
      db,
      rows.filter((r) => isUncharged(r.transactionId)).map((r) => r.orderId),
    ),
  ]);
  // An order whose card is only held and a part of it cancelled costs less than its payment row says until the
  // charge: its totals are read live, as the charge will take them.
  const heldMoney = new Map<string, OrderMoney>();
  for (const row of rows) {
    const hold = holds.find((h) => h.provider === row.provider && h.providerIntentId === row.transactionId);
    const cancelled = lines.some((line) => line.orderId === row.orderId && line.status === 'cancelled');
    if (hold && hold.capturedCents === null && cancelled) heldMoney.set(row.orderId, await orderMoney(db, row.orderId));
  }
  return rows.map((row) => {
    const own = lines.filter((line) => line.orderId === row.orderId);
    const live = heldMoney.get(row.orderId);
    const ownRefunds = refundRows.filter((refund) => refund.orderId === row.orderId);
    const refundOf = new Map(ownRefunds.map((refund) => [refund.idempotencyKey, refund]));
    const refundedCents = sumCents(ownRefunds.filter((r) => r.status === 'succeeded'));
    const hold = holds.find((h) => h.provider === row.provider && h.providerIntentId === row.transactionId);
    // A hold charged only the lines live at its capture: a line cancelled before it was never refunded.
    const charged = (line: LineRow) => !hold || line.status !== 'cancelled' || refundOf.has(lineRefundKey(line.id));
    return {
      _id: row.id,
      orderId: row.orderId,
      orderNumber: formatOrderNumber(row.orderNumber),
      invoiceNumber: formatInvoiceNumber(row.invoiceNumber),
      email: row.email,
      price: centsToDollars(live?.estimateCents ?? row.priceCents),
      subtotal: centsToDollars(live?.live.subtotalCents ?? row.subtotalCents),
      discount: centsToDollars(live?.live.discountCents ?? row.discountCents),
      deliveryFee: centsToDollars(live?.live.deliveryCents ?? row.deliveryCents),
      couponCode: row.couponCode,
      date: row.createdAt.toISOString(),
      cartIds: own.map((line) => line.id),
      productIds: own.map((line) => {
        const refund = refundOf.get(lineRefundKey(line.id));
        return {
          _id: line.id,
          productId: line.productId,
          amount: line.amount,
          price: centsToDollars(line.unitPriceCents),
          saving: savingOf(line),
          totalPrice: centsToDollars(line.totalCents),
          shopName: line.shopName,
          shopId: line.vendorId,
          itemName: line.itemName,
          image: line.image,
          status: line.status,
          refund: refund ? { amount: centsToDollars(refund.amountCents), status: refund.status } : null,
          weight: weightOf(line),
          optionId: line.optionId,
          optionLabel: line.optionLabel,
          ...(line.unit ? { unit: line.unit, pack: linePack(line) } : {}),
        };
      }),
      name: row.name,
      orderName: row.orderName,
      phoneNumber: row.phoneNumber,
      address: row.address,
      note: row.note,
      fulfilment: fulfilments.filter((f) => f.orderId === row.orderId).map(toOrderFulfilment),
      cancelledSlots: cancelledSlots
        .filter((c) => c.orderId === row.orderId)
        .map(({ shopId, reason }) => ({ shopId, reason })),
      transactionId: row.transactionId,
      status: row.status,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
      refunds: ownRefunds.map((refund) => toPaymentRefund(refund, own)),
      refunded: centsToDollars(refundedCents),
      refundPending: centsToDollars(sumCents(ownRefunds.filter((r) => r.status !== 'succeeded'))),
      netPaid: isUncharged(row.transactionId)
        ? 0
        : centsToDollars((live?.estimateCents ?? row.priceCents) - refundedCents),
      ...(isUncharged(row.transactionId) ? { chargeAt: chargeTimes.get(row.orderId) ?? null } : {}),
      hold: holdOf(hold, live),
      ...taxOf(row, own, charged),
    };
  });
}

export async function paymentByTransactionId(db: Tx, transactionId: string) {
  const rows = await paymentRows(db, eq(customerPayments.transactionId, transactionId));
  const [record] = await withLines(db, rows);
  return record as CustomerPayment | undefined;
}

/** One payment record the caller may read: its buyer or an admin. */
export async function readablePayment(db: Tx, id: string, caller: { id: string; role: string }) {
  const rows = await paymentRows(db, eq(customerPayments.id, id));
  if (rows.length === 0) throw notFound('Invoice');
  if (rows[0].userId !== caller.id && caller.role !== 'admin') throw forbidden('This invoice is not yours');
  const [record] = await withLines(db, rows);
  return record;
}

/** A buyer's payments, newest first; with `q`, only the order of that number. */
export async function paymentHistory(db: Tx, email: string, query: OrderSearchQuery) {
  const where = and(
    eq(customerPayments.email, normalizeEmail(email)),
    orderNumbered(query.q),
    chargedPayment(customerPayments.transactionId),
  );
  const [rows, [{ total }]] = await Promise.all([
    newestFirstPage(paymentRows(db, where).$dynamic(), customerPayments, query),
    db
      .select({ total: count() })
      .from(customerPayments)
      .innerJoin(orders, eq(orders.paymentId, customerPayments.id))
      .where(where),
  ]);
  return pageOf(await withLines(db, rows), total, query);
}

/** The customer home figures, from the buyer's own orders. */
export async function customerStats(db: Tx, userId: string): Promise<CustomerStats> {
  const paid = await db
    .select({ orderId: orders.id, priceCents: customerPayments.priceCents })
    .from(customerPayments)
    .innerJoin(orders, eq(orders.paymentId, customerPayments.id))
    .where(
      and(
        eq(customerPayments.userId, userId),
        ne(orders.status, 'cancelled'),
        chargedPayment(customerPayments.transactionId),
      ),
    );
  // What the buyer paid net of refunds already given back.
  const givenBack = (
    await refundsOfOrders(
      db,
      paid.map((p) => p.orderId),
    )
  ).filter((r) => r.status === 'succeeded');
  const totalCents = sumCents(paid.map((p) => ({ amountCents: p.priceCents }))) - sumCents(givenBack);
  const perOrder = await db
    .select({
      units: sql<number>`coalesce(sum(${orderLines.amount}) filter (where ${orderLines.status} <> 'cancelled'), 0)::int`,
      delivered: sql<boolean>`bool_and(${orderLines.status} in ('delivered', 'cancelled')) and bool_or(${orderLines.status} = 'delivered')`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(and(eq(orders.userId, userId), chargedPayment(customerPayments.transactionId)))
    .groupBy(orders.id);
  const orderCount = perOrder.length;
  const deliveredOrders = perOrder.filter((o) => o.delivered).length;
  return {
    totalItems: perOrder.reduce((sum, o) => sum + o.units, 0),
    totalMoney: centsToDollars(totalCents),
    orders: orderCount,
    deliveredOrders,
    shoppingDone: orderCount === 0 ? 0 : Math.round((deliveredOrders * 100) / orderCount),
  };
}

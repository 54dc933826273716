import { and, count, countDistinct, eq, inArray, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderFulfilment } from '#contract/checkout-plan.ts';
import {
  type AdminOrder,
  combinedStatus,
  type FulfilmentStatus,
  nextStatuses,
  type OrderStatus,
  type OrderTracking,
  UNDO_SECONDS,
  type VendorOrder,
} from '#contract/fulfilment.ts';
import { centsToDollars, formatMoney } from '#contract/money.ts';
import { formatOrderNumber } from '#contract/order-numbers.ts';
import type { OrderSearchQuery } from '#contract/orders.ts';
import { type Page, pageOf } from '#contract/pagination.ts';
import type { Unit } from '#contract/units.ts';
import type { Db, Tx } from '../../db/client.ts';
import { newestFirstPage } from '../../db/paging.ts';
import { conflict, notFound } from '../../errors.ts';
import { restock } from '../catalog/index.ts';
import {
  type PaymentProvider,
  processCapture,
  processRefund,
  recordReversal,
  recordTransfer,
  refundsOfOrders,
  requestRefund,
  sendPayouts,
} from '../payments/index.ts';
import { releaseBooking } from '../slots/index.ts';
import { cancelTerms } from './cancel-terms.ts';
import { finishErasureOfOrder } from './leaving.ts';
import { paymentNote } from './notes.ts';
import { type OrderMoney, orderMoney, paidLineShares, partFeeCents } from './order-money.ts';
import { notifyPartMoved } from './order-notices.ts';
import { orderNumbered, orderOrBuyer } from './order-search.ts';
import { fulfilmentsOfOrders, linePack, slotStatesOf, toOrderFulfilment } from './queries.ts';
import { deskRefundKey, feeRefundKey, lineRefundKey, lineRefundPrefix, partRefundPrefix } from './refund-shares.ts';
import { customerPayments, orderFulfilments, orderLines, orders } from './tables.ts';
import { assertWeighed, captureWhenWeighed } from './weighing.ts';

/** An order is complete once every line not cancelled is delivered, cancelled once all lines are. */
export function orderStatusOf(statuses: FulfilmentStatus[]): OrderStatus {
  const combined = combinedStatus(statuses);
  if (combined === 'cancelled') return 'cancelled';
  return combined === 'delivered' ? 'complete' : 'pending';
}

export const lineColumns = {
  id: orderLines.id,
  orderId: orderLines.orderId,
  productId: orderLines.productId,
  optionId: orderLines.optionId,
  draws: orderLines.draws,
  sku: orderLines.sku,
  unit: orderLines.unit,
  packLabel: orderLines.packLabel,
  netQuantity: orderLines.netQuantity,
  netUnit: orderLines.netUnit,
  itemName: orderLines.itemName,
  image: orderLines.image,
  amount: orderLines.amount,
  unitPriceCents: orderLines.unitPriceCents,
  totalCents: orderLines.totalCents,
  status: orderLines.status,
  estimatedGrams: orderLines.estimatedGrams,
  actualGrams: orderLines.actualGrams,
  commissionBps: orderLines.commissionBps,
  taxCents: orderLines.taxCents,
};
type LineRow = {
  id: string;
  orderId: string;
  productId: string | null;
  /** The option sold and the pool units one took (null: its own stock, or a line from before options). */
  optionId: string | null;
  draws: number | null;
  /** Its SKU, unit and pack as they were at purchase (null on lines from before options). */
  sku: string | null;
  unit: Unit | null;
  packLabel: string | null;
  netQuantity: number | null;
  netUnit: Unit | null;
  itemName: string;
  image: string;
  amount: number;
  unitPriceCents: number;
  totalCents: number;
  status: FulfilmentStatus;
  estimatedGrams: number | null;
  actualGrams: number | null;
  commissionBps: number;
  taxCents: number;
};
type OrderRow = {
  id: string;
  orderNumber: number;
  name: string;
  email: string;
  status: OrderStatus;
  createdAt: Date;
  deliverTo: { name: string; phone: string; address: string };
  note: string | null;
  subscriptionId?: string | null;
};

export function toVendorOrder(order: OrderRow, lines: LineRow[], fulfilment: OrderFulfilment | null): VendorOrder {
  return {
    _id: order.id,
    orderNumber: formatOrderNumber(order.orderNumber),
    name: order.name,
    email: order.email,
    totalPrice: centsToDollars(lines.reduce((sum, l) => sum + l.totalCents, 0)),
    numberOfItems: lines.length,
    units: lines.reduce((sum, l) => sum + l.amount, 0),
    status: combinedStatus(lines.map((l) => l.status)),
    orderStatus: order.status,
    createdAt: order.createdAt.toISOString(),
    deliverTo: { kind: 'delivery', ...order.deliverTo },
    note: order.note,
    fulfilment,
    ...(order.subscriptionId ? { subscription: true } : {}),
    lines: lines.map((l) => ({
      _id: l.id,
      productId: l.productId,
      itemName: l.itemName,
      image: l.image,
      amount: l.amount,
      unitPrice: centsToDollars(l.unitPriceCents),
      totalPrice: centsToDollars(l.totalCents),
      status: l.status,
      estimatedGrams: l.estimatedGrams,
      actualGrams: l.actualGrams,
      commissionPercent: l.commissionBps / 100,
      ...(l.optionId && l.unit ? { optionId: l.optionId, sku: l.sku, unit: l.unit, pack: linePack(l) } : {}),
    })),
  };
}

/** How one shop hands over each of these orders (orders without a slot are absent). */
export async function shopFulfilments(
  db: Tx,
  shopId: string,
  orderIds: string[],
): Promise<Map<string, OrderFulfilment>> {
  if (orderIds.length === 0) return new Map();
  const rows = await fulfilmentsOfOrders(db, orderIds);
  return new Map(rows.filter((r) => r.shopId === shopId).map((r) => [r.orderId, toOrderFulfilment(r)]));
}

/** An order's own columns, where its vendors deliver it and its note (read with the order's payment joined). */
export const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  name: orders.name,
  email: orders.email,
  status: orders.status,
  createdAt: orders.createdAt,
  deliverTo: {
    name: customerPayments.orderName,
    phone: customerPayments.phoneNumber,
    address: customerPayments.address,
  },
  note: paymentNote,
  subscriptionId: orders.subscriptionId,
};
export const withPayment = eq(customerPayments.id, orders.paymentId);

/** The orders holding a vendor's products, newest first, with only that vendor's lines. */
export async function listVendorOrders(db: Tx, vendorId: string, query: OrderSearchQuery): Promise<Page<VendorOrder>> {
  const where = and(eq(orderLines.vendorId, vendorId), orderNumbered(query.q));
  const [{ total }] = await db
    .select({ total: countDistinct(orderLines.orderId) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(where);
  const pageOrders = await newestFirstPage(
    db
      .selectDistinct(orderColumns)
      .from(orders)
      .innerJoin(customerPayments, withPayment)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(where)
      .$dynamic(),
    orders,
    query,
  );
  const lines = pageOrders.length
    ? await db
        .select(lineColumns)
        .from(orderLines)
        .where(
          and(
            eq(orderLines.vendorId, vendorId),
            inArray(
              orderLines.orderId,
              pageOrders.map((o) => o.id),
            ),
          ),
        )
        .orderBy(orderLines.createdAt, orderLines.id)
    : [];
  const fulfilmentOf = await shopFulfilments(
    db,
    vendorId,
    pageOrders.map((o) => o.id),
  );
  const items = pageOrders.map((order) =>
    toVendorOrder(
      order,
      lines.filter((l) => l.orderId === order.id),
      fulfilmentOf.get(order.id) ?? null,
    ),
  );
  return pageOf(items, total, query);
}

/** Who cancelled a shop's part, as its refunds record it. */
export type CancelledBy = 'vendor_cancelled' | 'customer_cancelled';

/**
 * Asks, in the cancelling transaction, for what the buyer paid for each cancelled line back (its share of the
 * goods' charge after any coupon; one refund per line, keyed by the line, so it is never asked twice) and for the
 * shop's delivery fee (one refund per part). Answers the refunds to pay out once the transaction has committed.
 */
async function refundCancelledLines(
  tx: Tx,
  orderId: string,
  shopId: string,
  cancelled: LineRow[],
  reason: CancelledBy,
): Promise<string[]> {
  const paid = await paidLineShares(tx, orderId, cancelled);
  // Nothing charged through us, or weighed goods only authorized: cancelling lowers what will be captured.
  if (!paid) return [];
  const asked = [
    ...cancelled.map((line) => ({
      amountCents: paid.shareOf.get(line.id)?.paidCents ?? 0,
      idempotencyKey: lineRefundKey(line.id),
    })),
    { amountCents: await partFeeCents(tx, orderId, shopId), idempotencyKey: feeRefundKey(orderId, shopId) },
  ];
  const refundIds: string[] = [];
  for (const { amountCents, idempotencyKey } of asked) {
    if (amountCents === 0) continue;
    const refund = await requestRefund(tx, {
      paymentIntentId: paid.intentId,
      orderId,
      amountCents,
      reason,
      idempotencyKey,
    });
    refundIds.push(refund.id);
  }
  return refundIds;
}

/**
 * Records what each shop whose part of the order reached its last step is owed (decision 023): what the buyer paid
 * for its live lines and its delivery fee, less the commission its lines were sold under and the order's fee. Called
 * after every step and after the capture of weighed goods (a part delivered before the capture is counted then);
 * once per order and shop. Answers the transfers to send once the transaction has committed.
 */
export async function transferDeliveredParts(tx: Tx, orderId: string, notBefore?: Date): Promise<string[]> {
  const lines = await tx
    .select({ ...lineColumns, vendorId: orderLines.vendorId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const shops = [...new Set(lines.map((line) => line.vendorId))].filter(
    (shopId) => combinedStatus(lines.filter((l) => l.vendorId === shopId).map((l) => l.status)) === 'delivered',
  );
  if (shops.length === 0) return [];
  const paid = await paidLineShares(tx, orderId, []);
  if (!paid) return [];
  const [order] = await tx.select({ feeCents: orders.commissionFeeCents }).from(orders).where(eq(orders.id, orderId));
  const due: string[] = [];
  for (const shopId of shops) {
    const part = await partTransferOf(tx, { orderId, shopId, lines, paid, feeCents: order.feeCents });
    const { transfer, due: now } = await recordTransfer(tx, { ...part, notBefore });
    if (now) due.push(transfer.id);
  }
  return due;
}

type PartTransfer = Parameters<typeof recordTransfer>[1];

async function partTransferOf(
  tx: Tx,
  part: {
    orderId: string;
    shopId: string;
    lines: (LineRow & { vendorId: string })[];
    paid: NonNullable<Awaited<ReturnType<typeof paidLineShares>>>;
    feeCents: number;
  },
): Promise<PartTransfer> {
  const { orderId, shopId, paid } = part;
  const live = part.lines.filter((line) => line.vendorId === shopId && line.status !== 'cancelled');
  return {
    orderId,
    shopId,
    paymentIntentId: paid.intentId,
    // The shop is owed each line's price without its tax: the marketplace keeps the tax and remits it.
    lines: live.map((line) => {
      const share = paid.shareOf.get(line.id) ?? { paidCents: 0, taxCents: 0 };
      return { paidCents: share.paidCents - share.taxCents, commissionBps: line.commissionBps };
    }),
    taxCents: live.reduce((sum, line) => sum + (paid.shareOf.get(line.id)?.taxCents ?? 0), 0),
    deliveryCents: await partFeeCents(tx, orderId, shopId),
    feeCents: part.feeCents,
  };
}

/**
 * The transfer transferDeliveredParts records for a shop's part of an order, whatever step the part is at: what a
 * transfer the provider made for it must come to. Null when the order is unknown, has no part of the shop, or was
 * not charged through us.
 */
export async function partTransfer(tx: Tx, orderId: string, shopId: string): Promise<PartTransfer | null> {
  const [order] = await tx.select({ feeCents: orders.commissionFeeCents }).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await tx
    .select({ ...lineColumns, vendorId: orderLines.vendorId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  if (!lines.some((line) => line.vendorId === shopId)) return null;
  const paid = await paidLineShares(tx, orderId, []);
  return paid ? partTransferOf(tx, { orderId, shopId, lines, paid, feeCents: order.feeCents }) : null;
}

/**
 * Cancels a shop's live lines of an order in the caller's transaction, the order row locked: their stock back, the
 * slot's place freed, their refunds asked. Answers how many lines it cancelled and the refunds to pay out.
 */
export async function cancelShopPart(
  tx: Tx,
  orderId: string,
  shopId: string,
  live: LineRow[],
  reason: CancelledBy,
): Promise<{ moved: number; refundIds: string[] }> {
  // Each line back where it was taken from: its option's stock, or amount × draws pool units (decision 052).
  await restock(
    tx,
    live.map((line) => ({
      optionId: line.optionId,
      productId: line.productId,
      amount: line.amount,
      draws: line.draws,
    })),
  );
  const moved = await setPartStatus(tx, orderId, shopId, 'cancelled');
  const [booked] = await tx
    .select({ windowId: orderFulfilments.windowId })
    .from(orderFulfilments)
    .where(and(eq(orderFulfilments.orderId, orderId), eq(orderFulfilments.shopId, shopId)));
  if (booked) await releaseBooking(tx, orderId, booked.windowId);
  return { moved, refundIds: await refundCancelledLines(tx, orderId, shopId, live, reason) };
}

/** Moves a shop's live lines of an order to a step (back to one, for an undo); answers how many moved. */
export async function setPartStatus(tx: Tx, orderId: string, shopId: string, status: FulfilmentStatus) {
  const moved = await tx
    .update(orderLines)
    .set({ status })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.vendorId, shopId), ne(orderLines.status, 'cancelled')))
    .returning({ id: orderLines.id });
  return moved.length;
}

/**
 * Stores the order's status its lines now make (read in the transaction that moved them); answers it. An order of an
 * erased account that closes now loses the personal data it kept for the handover (docs/privacy.md).
 */
export async function settleOrderStatus(tx: Tx, orderId: string, before: OrderStatus): Promise<OrderStatus> {
  const all = await tx.select({ status: orderLines.status }).from(orderLines).where(eq(orderLines.orderId, orderId));
  const status = orderStatusOf(all.map((l) => l.status));
  if (status !== before) await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
  if (before === 'pending' && status !== 'pending') await finishErasureOfOrder(tx, orderId);
  return status;
}

/** Pays out refunds recorded by a committed cancellation; one the provider refuses now is left to the refund job. */
export async function payOutRefunds(db: Db, provider: PaymentProvider, refundIds: string[], log?: FastifyBaseLogger) {
  for (const refundId of refundIds) {
    try {
      await processRefund(db, provider, refundId, { log });
    } catch (error) {
      // Recorded and due: the refund job pays it out; the cancellation itself is done.
      log?.error({ err: error, refundId }, 'Paying out a cancelled line’s refund failed; the refund job will retry');
    }
  }
}

/**
 * Moves a vendor's part of an order one step. Cancelling returns the stock of its lines to the products and
 * refunds what the buyer paid for them: the refunds are recorded with the cancellation and paid out right
 * after it commits (a refund the provider refuses now is retried by the refund job).
 * The order row is locked first so two vendors finishing the same order at once both see the final state.
 */
export async function updateVendorOrder(
  db: Db,
  provider: PaymentProvider,
  vendorId: string,
  orderId: string,
  target: Exclude<FulfilmentStatus, 'pending'>,
  log?: FastifyBaseLogger,
): Promise<{ changed: number; order: VendorOrder; step: PartStep }> {
  const { refundIds, captureId, transferIds, ...result } = await moveVendorPart(db, vendorId, orderId, target);
  await payOutRefunds(db, provider, refundIds, log);
  // Recorded with the move; a capture the provider refuses now (or a crash before it) is retried by the job.
  if (captureId) await processCapture(db, provider, captureId, { log });
  // After the capture: a transfer's source is the captured charge.
  await sendPayouts(db, provider, { transferIds }, { log });
  return { ...result, step: { from: result.from, to: target, captured: captureId !== null } };
}

/** The step a move made: from where to where, and whether it charged the card (weighed goods). */
export type PartStep = { from: FulfilmentStatus; to: FulfilmentStatus; captured: boolean };

/**
 * The order, locked for the rest of the transaction, with the vendor's lines of it (first first) and how they are
 * handed over: what every step of a shop's part starts from. Another vendor's order is "not found", never
 * "forbidden": it reveals nothing.
 */
export async function lockedVendorPart(tx: Tx, orderId: string, vendorId: string) {
  const [order] = await tx
    .select(orderColumns)
    .from(orders)
    .innerJoin(customerPayments, withPayment)
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  const mine = order
    ? await tx
        .select({ ...lineColumns, shopName: orderLines.shopName })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orderId), eq(orderLines.vendorId, vendorId)))
        .orderBy(orderLines.createdAt, orderLines.id)
    : [];
  if (!order || mine.length === 0) throw notFound('Order');
  const fulfilment = (await shopFulfilments(tx, vendorId, [orderId])).get(orderId) ?? null;
  return { order, mine, fulfilment };
}

async function moveVendorPart(
  db: Db,
  vendorId: string,
  orderId: string,
  target: Exclude<FulfilmentStatus, 'pending'>,
): Promise<{
  changed: number;
  order: VendorOrder;
  from: FulfilmentStatus;
  refundIds: string[];
  captureId: string | null;
  transferIds: string[];
}> {
  return db.transaction(async (tx) => {
    const { order, mine, fulfilment } = await lockedVendorPart(tx, orderId, vendorId);
    const current = combinedStatus(mine.map((l) => l.status));
    if (!nextStatuses(current, fulfilment?.kind ?? 'shipping').includes(target)) {
      throw conflict(`This order is ${current} and cannot be marked ${target}`);
    }
    if (current === 'pending' && target !== 'cancelled') {
      assertWeighed(
        mine.filter((l) => l.status !== 'cancelled'),
        fulfilment?.kind ?? 'shipping',
        target,
      );
    }
    const moving = mine.filter((l) => l.status !== 'cancelled');
    const { moved, refundIds } =
      target === 'cancelled'
        ? await cancelShopPart(tx, orderId, vendorId, moving, 'vendor_cancelled')
        : { moved: await setPartStatus(tx, orderId, vendorId, target), refundIds: [] };
    // A step's message and payout wait out the time its shop may take it back (decision 059).
    const notBefore = target === 'cancelled' ? undefined : new Date(Date.now() + UNDO_SECONDS * 1000);
    const move = { orderId, vendorId, target, kind: fulfilment?.kind ?? 'shipping', refundIds, notBefore } as const;
    // A cancellation is told before the capture it may cause (its share of the hold is known until then); a step
    // after it, so its price is said as charged.
    if (target === 'cancelled') await notifyPartMoved(tx, move);

    const status = await settleOrderStatus(tx, orderId, order.status);
    const captureId = await captureWhenWeighed(tx, orderId);
    if (target !== 'cancelled') await notifyPartMoved(tx, move);
    const transferIds = await transferDeliveredParts(tx, orderId, notBefore);
    const after = mine.map((l) => (l.status === 'cancelled' ? l : { ...l, status: target }));
    const part = toVendorOrder({ ...order, status }, after, fulfilment);
    return { changed: moved, order: part, from: current, refundIds, captureId, transferIds };
  });
}

/** What cancelling a shop's part gives back now, in dollars, as the cancellation will record it. */
function onCancelOf(money: OrderMoney, shopId: string) {
  const part = money.shops.find((shop) => shop.shopId === shopId);
  return {
    refund: centsToDollars(part?.onCancel.refundCents ?? 0),
    release: centsToDollars(part?.onCancel.releaseCents ?? 0),
  };
}

/**
 * Each shop's step of one order, for its buyer or an admin, and whether the buyer may still cancel it at `now`.
 * The id may be the order's or its payment's, so the payment history and invoice pages (which list payments) can
 * ask directly.
 */
export async function getOrderTracking(
  db: Tx,
  id: string,
  caller: { id: string; role: string },
  now: Date,
): Promise<OrderTracking> {
  const [order] = await db
    .select({ ...orderColumns, paymentId: orders.paymentId, userId: orders.userId })
    .from(orders)
    .innerJoin(customerPayments, withPayment)
    .where(or(eq(orders.id, id), eq(orders.paymentId, id)));
  if (!order || (caller.role !== 'admin' && order.userId !== caller.id)) throw notFound('Order');
  const lines = await db
    .select({
      shopName: orderLines.shopName,
      vendorId: orderLines.vendorId,
      totalCents: orderLines.totalCents,
      status: orderLines.status,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.createdAt, orderLines.id);
  const fulfilments = await fulfilmentsOfOrders(db, [order.id]);
  const fulfilmentOf = new Map(fulfilments.map((f) => [f.shopId, f]));
  const slotStates = await slotStatesOf(db, fulfilments);
  const stateOf = new Map(fulfilments.map((f, index) => [f.shopId, slotStates[index]]));
  const byVendor = new Map<string, typeof lines>();
  for (const line of lines) byVendor.set(line.vendorId, [...(byVendor.get(line.vendorId) ?? []), line]);
  const money = await orderMoney(db, order.id);
  return {
    _id: order.id,
    orderNumber: formatOrderNumber(order.orderNumber),
    paymentId: order.paymentId,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    shops: [...byVendor].map(([vendorId, shopLines]) => {
      const fulfilment = fulfilmentOf.get(vendorId);
      const state = stateOf.get(vendorId);
      const status = combinedStatus(shopLines.map((l) => l.status));
      const slot = fulfilment && state ? { timeZone: fulfilment.timeZone, state } : null;
      const terms = cancelTerms(
        { shopName: shopLines[0].shopName, status, kind: fulfilment?.kind ?? 'shipping', slot },
        now,
      );
      return {
        shopId: vendorId,
        shopName: shopLines[0].shopName,
        status,
        numberOfItems: shopLines.length,
        totalPrice: centsToDollars(shopLines.reduce((sum, l) => sum + l.totalCents, 0)),
        fulfilment: fulfilment ? toOrderFulfilment(fulfilment) : null,
        cancellable: terms.refusal === null,
        cancellableUntil: terms.until?.toISOString() ?? null,
        onCancel: onCancelOf(money, vendorId),
        slotCancelled: state?.cancelled ? { shopId: vendorId, reason: state.cancelled.reason } : null,
      };
    }),
  };
}

/** Every order, newest first, for the admin. */
export async function listAllOrders(db: Tx, query: OrderSearchQuery): Promise<Page<AdminOrder>> {
  const where = orderOrBuyer(query.q);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await newestFirstPage(
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        paymentId: orders.paymentId,
        transactionId: customerPayments.transactionId,
        name: orders.name,
        email: orders.email,
        priceCents: customerPayments.priceCents,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(customerPayments, withPayment)
      .where(where)
      .$dynamic(),
    orders,
    query,
  );
  const counts = rows.length
    ? await db
        .select({ orderId: orderLines.orderId, n: count() })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(orderLines.orderId)
    : [];
  const itemsOf = new Map(counts.map((c) => [c.orderId, c.n]));
  return pageOf(
    rows.map((r) => ({
      _id: r.id,
      orderNumber: formatOrderNumber(r.orderNumber),
      paymentId: r.paymentId,
      transactionId: r.transactionId,
      name: r.name,
      email: r.email,
      price: centsToDollars(r.priceCents),
      numberOfItems: itemsOf.get(r.id) ?? 0,
      status: r.status,
      date: r.createdAt.toISOString(),
    })),
    total,
    query,
  );
}

/** What an admin gives back for a delivered part: an amount of the part, or of one line, or a quantity of a line. */
export type PartRefundTarget = {
  orderId: string;
  shopId: string;
  amountCents?: number;
  lineId?: string;
  /** How many of the line's units: each at what was paid for one. */
  quantity?: number;
  /** The admin's key for this refund (deskRefundKey): asked again, it answers the same refund. */
  key?: string;
  /** Writes why and who with the refund, in its transaction. */
  keep?: (tx: Tx, refundId: string) => Promise<void>;
};

/** The cents of a refund of a line: `quantity` of its units at what was paid for each, else `amountCents`. */
function lineAmount(target: PartRefundTarget, line: LineRow, paidCents: number) {
  if (target.quantity === undefined) return target.amountCents ?? 0;
  if (target.quantity > line.amount) throw conflict(`Only ${line.amount} of ${line.itemName} were sold`);
  return Math.round((paidCents * target.quantity) / line.amount);
}

const sumOf = (refunds: { amountCents: number }[]) => refunds.reduce((sum, refund) => sum + refund.amountCents, 0);

/**
 * An admin gives the shopper money back for a shop's delivered part (a complaint), or for one of its lines: at most
 * what is left of what was paid for it (its lines and delivery fee, a line its share, less earlier such refunds). The
 * shop's transfer is reversed by its share and the marketplace gives back its commission's share (decision 023); both
 * are recorded with the refund and paid out right after commit (or by the job). The order row lock serialises the
 * refunds of an order, so a refund asked again with the same key finds the first one and gives nothing twice.
 */
export async function refundDeliveredPart(
  db: Db,
  provider: PaymentProvider,
  target: PartRefundTarget,
  log?: FastifyBaseLogger,
): Promise<{ refundId: string; amountCents: number; reversedCents: number; repeated: boolean }> {
  const { orderId, shopId, lineId } = target;
  const done = await db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const lines = order
      ? await tx
          .select(lineColumns)
          .from(orderLines)
          .where(and(eq(orderLines.orderId, orderId), eq(orderLines.vendorId, shopId)))
      : [];
    if (lines.length === 0) throw notFound('Shop of this order');
    const all = await refundsOfOrders(tx, [orderId]);
    const keyed = target.key ? deskRefundKey(orderId, shopId, lineId, target.key) : null;
    const again = all.find((refund) => refund.idempotencyKey === keyed);
    if (again) return { refund: again, reversal: null, repeated: true };
    if (combinedStatus(lines.map((l) => l.status)) !== 'delivered') {
      throw conflict('Only a delivered part is refunded this way: cancel a part that is not delivered yet');
    }
    const paid = await paidLineShares(tx, orderId, []);
    if (!paid) throw conflict('Nothing was charged for this order through the card provider');
    const live = lines.filter((line) => line.status !== 'cancelled');
    const partCents =
      live.reduce((sum, line) => sum + (paid.shareOf.get(line.id)?.paidCents ?? 0), 0) +
      (await partFeeCents(tx, orderId, shopId));
    const prefix = partRefundPrefix(orderId, shopId);
    const earlier = all.filter((refund) => refund.idempotencyKey.startsWith(prefix) && refund.status !== 'failed');
    const left = partCents - sumOf(earlier);
    let amountCents = target.amountCents ?? 0;
    if (lineId) {
      const line = live.find((l) => l.id === lineId);
      if (!line) throw notFound('Line of this part');
      const linePaid = paid.shareOf.get(line.id)?.paidCents ?? 0;
      const ofLine = lineRefundPrefix(orderId, shopId, line.id);
      const lineLeft = linePaid - sumOf(earlier.filter((refund) => refund.idempotencyKey.startsWith(ofLine)));
      amountCents = lineAmount(target, line, linePaid);
      if (amountCents > Math.min(lineLeft, left)) {
        throw conflict(`At most ${formatMoney(Math.min(lineLeft, left))} is left to refund for ${line.itemName}`);
      }
    }
    if (amountCents > left) {
      throw conflict(`At most ${formatMoney(left)} is left to refund for this part`);
    }
    const refund = await requestRefund(tx, {
      paymentIntentId: paid.intentId,
      orderId,
      amountCents,
      reason: 'after_delivery',
      idempotencyKey: keyed ?? `${prefix}${earlier.length + 1}`,
    });
    const reversal = await recordReversal(tx, { orderId, shopId, refundId: refund.id, refundCents: amountCents });
    await target.keep?.(tx, refund.id);
    return { refund, reversal, repeated: false };
  });
  if (!done.repeated) {
    await payOutRefunds(db, provider, [done.refund.id], log);
    await sendPayouts(db, provider, { reversalIds: done.reversal ? [done.reversal.id] : [] }, { log });
  }
  return {
    refundId: done.refund.id,
    amountCents: done.refund.amountCents,
    reversedCents: done.reversal?.amountCents ?? 0,
    repeated: done.repeated,
  };
}

import { and, count, countDistinct, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderFulfilment } from '#contract/checkout-plan.ts';
import {
  type AdminOrder,
  combinedStatus,
  type FulfilmentStatus,
  nextStatuses,
  type OrderStatus,
  type OrderTracking,
  type VendorOrder,
} from '#contract/fulfilment.ts';
import { centsToDollars } from '#contract/money.ts';
import { type Page, type PageQuery, pageOf, pageOffset } from '#contract/pagination.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { restock } from '../catalog/index.ts';
import { findIntent, type PaymentProvider, processRefund, requestRefund } from '../payments/index.ts';
import { paymentNote } from './notes.ts';
import { notifyPartMoved } from './order-notices.ts';
import { fulfilmentsOfOrders, toOrderFulfilment } from './queries.ts';
import { lineRefundKey, paidShares } from './refund-shares.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

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
  itemName: orderLines.itemName,
  image: orderLines.image,
  amount: orderLines.amount,
  unitPriceCents: orderLines.unitPriceCents,
  totalCents: orderLines.totalCents,
  status: orderLines.status,
  estimatedGrams: orderLines.estimatedGrams,
  actualGrams: orderLines.actualGrams,
};
type LineRow = {
  id: string;
  orderId: string;
  productId: string | null;
  itemName: string;
  image: string;
  amount: number;
  unitPriceCents: number;
  totalCents: number;
  status: FulfilmentStatus;
  estimatedGrams: number | null;
  actualGrams: number | null;
};
type OrderRow = {
  id: string;
  name: string;
  email: string;
  status: OrderStatus;
  createdAt: Date;
  deliverTo: { name: string; phone: string; address: string };
  note: string | null;
};

export function toVendorOrder(order: OrderRow, lines: LineRow[], fulfilment: OrderFulfilment | null): VendorOrder {
  return {
    _id: order.id,
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
    })),
  };
}

/** How one shop hands over each of these orders (orders without a slot are absent). */
async function shopFulfilments(db: Tx, shopId: string, orderIds: string[]): Promise<Map<string, OrderFulfilment>> {
  if (orderIds.length === 0) return new Map();
  const rows = await fulfilmentsOfOrders(db, orderIds);
  return new Map(rows.filter((r) => r.shopId === shopId).map((r) => [r.orderId, toOrderFulfilment(r)]));
}

/** An order's own columns, where its vendors deliver it and its note (read with the order's payment joined). */
export const orderColumns = {
  id: orders.id,
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
};
export const withPayment = eq(customerPayments.id, orders.paymentId);

/** The orders holding a vendor's products, newest first, with only that vendor's lines. */
export async function listVendorOrders(db: Tx, vendorId: string, query: PageQuery): Promise<Page<VendorOrder>> {
  const [{ total }] = await db
    .select({ total: countDistinct(orderLines.orderId) })
    .from(orderLines)
    .where(eq(orderLines.vendorId, vendorId));
  const pageOrders = await db
    .selectDistinct(orderColumns)
    .from(orders)
    .innerJoin(customerPayments, withPayment)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orderLines.vendorId, vendorId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset(pageOffset(query));
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

/**
 * Asks, in the cancelling transaction, for what the buyer paid for each cancelled line back (its share of
 * the charge after any coupon; one refund per line, keyed by the line, so it is never asked twice).
 * Answers the refunds to pay out once the transaction has committed.
 */
async function refundCancelledLines(tx: Tx, orderId: string, cancelled: LineRow[]): Promise<string[]> {
  const [payment] = await tx
    .select({
      priceCents: customerPayments.priceCents,
      provider: customerPayments.provider,
      transactionId: customerPayments.transactionId,
    })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  const intent = await findIntent(tx, payment.provider, payment.transactionId);
  // An order recorded without a card payment of ours (imported or demo data) has no charge to give back.
  if (!intent) return [];
  const lines = await tx
    .select({ id: orderLines.id, totalCents: orderLines.totalCents })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.createdAt, orderLines.id);
  const shares = paidShares(
    lines.map((l) => l.totalCents),
    payment.priceCents,
  );
  const shareOf = new Map(lines.map((line, index) => [line.id, shares[index]]));
  const refundIds: string[] = [];
  for (const line of cancelled) {
    const amountCents = shareOf.get(line.id) ?? 0;
    if (amountCents === 0) continue;
    const refund = await requestRefund(tx, {
      paymentIntentId: intent.id,
      orderId,
      amountCents,
      reason: 'vendor_cancelled',
      idempotencyKey: lineRefundKey(line.id),
    });
    refundIds.push(refund.id);
  }
  return refundIds;
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
): Promise<{ modifiedCount: number; order: VendorOrder }> {
  const { refundIds, ...result } = await moveVendorPart(db, vendorId, orderId, target);
  for (const refundId of refundIds) {
    try {
      await processRefund(db, provider, refundId, { log });
    } catch (error) {
      // Recorded and due: the refund job pays it out; the cancellation itself is done.
      log?.error({ err: error, refundId }, 'Paying out a cancelled line’s refund failed; the refund job will retry');
    }
  }
  return result;
}

async function moveVendorPart(
  db: Db,
  vendorId: string,
  orderId: string,
  target: Exclude<FulfilmentStatus, 'pending'>,
): Promise<{ modifiedCount: number; order: VendorOrder; refundIds: string[] }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select(orderColumns)
      .from(orders)
      .innerJoin(customerPayments, withPayment)
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    const mine = order
      ? await tx
          .select(lineColumns)
          .from(orderLines)
          .where(and(eq(orderLines.orderId, orderId), eq(orderLines.vendorId, vendorId)))
          .orderBy(orderLines.createdAt, orderLines.id)
      : [];
    // Another vendor's order is "not found", never "forbidden": it reveals nothing.
    if (!order || mine.length === 0) throw notFound('Order');

    const fulfilment = (await shopFulfilments(tx, vendorId, [orderId])).get(orderId) ?? null;
    const current = combinedStatus(mine.map((l) => l.status));
    if (!nextStatuses(current, fulfilment?.kind ?? 'shipping').includes(target)) {
      throw conflict(`This order is ${current} and cannot be marked ${target}`);
    }
    const moving = mine.filter((l) => l.status !== 'cancelled');
    if (target === 'cancelled') await restock(tx, moving);
    const moved = await tx
      .update(orderLines)
      .set({ status: target })
      .where(
        and(eq(orderLines.orderId, orderId), eq(orderLines.vendorId, vendorId), ne(orderLines.status, 'cancelled')),
      )
      .returning({ id: orderLines.id });
    const refundIds = target === 'cancelled' ? await refundCancelledLines(tx, orderId, moving) : [];
    await notifyPartMoved(tx, { orderId, vendorId, target, kind: fulfilment?.kind ?? 'shipping' });

    const all = await tx.select({ status: orderLines.status }).from(orderLines).where(eq(orderLines.orderId, orderId));
    const status = orderStatusOf(all.map((l) => l.status));
    if (status !== order.status) await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
    const after = mine.map((l) => (l.status === 'cancelled' ? l : { ...l, status: target }));
    return { modifiedCount: moved.length, order: toVendorOrder({ ...order, status }, after, fulfilment), refundIds };
  });
}

/**
 * Each shop's step of one order, for its buyer or an admin. The id may be the order's or its payment's,
 * so the payment history and invoice pages (which list payments) can ask directly.
 */
export async function getOrderTracking(
  db: Tx,
  id: string,
  caller: { id: string; roll: string },
): Promise<OrderTracking> {
  const [order] = await db
    .select({ ...orderColumns, paymentId: orders.paymentId, userId: orders.userId })
    .from(orders)
    .innerJoin(customerPayments, withPayment)
    .where(or(eq(orders.id, id), eq(orders.paymentId, id)));
  if (!order || (caller.roll !== 'admin' && order.userId !== caller.id)) throw notFound('Order');
  const lines = await db
    .select({
      shopName: orderLines.shopName,
      shopEmail: orderLines.shopEmail,
      vendorId: orderLines.vendorId,
      totalCents: orderLines.totalCents,
      status: orderLines.status,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.createdAt, orderLines.id);
  const fulfilmentOf = new Map((await fulfilmentsOfOrders(db, [order.id])).map((f) => [f.shopId, f]));
  const byVendor = new Map<string, typeof lines>();
  for (const line of lines) byVendor.set(line.vendorId, [...(byVendor.get(line.vendorId) ?? []), line]);
  return {
    _id: order.id,
    paymentId: order.paymentId,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    shops: [...byVendor].map(([vendorId, shopLines]) => {
      const fulfilment = fulfilmentOf.get(vendorId);
      return {
        shopName: shopLines[0].shopName,
        shopEmail: shopLines[0].shopEmail,
        status: combinedStatus(shopLines.map((l) => l.status)),
        numberOfItems: shopLines.length,
        totalPrice: centsToDollars(shopLines.reduce((sum, l) => sum + l.totalCents, 0)),
        fulfilment: fulfilment ? toOrderFulfilment(fulfilment) : null,
      };
    }),
  };
}

/** Every order, newest first, for the admin. */
export async function listAllOrders(db: Tx, query: PageQuery): Promise<Page<AdminOrder>> {
  const [{ total }] = await db.select({ total: count() }).from(orders);
  const rows = await db
    .select({
      id: orders.id,
      paymentId: orders.paymentId,
      transactionId: customerPayments.transactionId,
      name: orders.name,
      email: orders.email,
      priceCents: customerPayments.priceCents,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset(pageOffset(query));
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

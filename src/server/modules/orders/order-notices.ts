import { eq } from 'drizzle-orm';
import { type FulfilmentStatus, type HandoverKind, STEP_LABELS } from '#contract/fulfilment.ts';
import { formatOrderNumber } from '#contract/order-numbers.ts';
import type { Tx } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';
import { refundsOfOrders } from '../payments/index.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

/** The order, its payment's totals and its lines as bought, for what its notifications say. */
async function orderFacts(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({
      userId: orders.userId,
      email: orders.email,
      buyerName: orders.name,
      orderNumber: orders.orderNumber,
      paymentId: orders.paymentId,
      subtotalCents: customerPayments.subtotalCents,
      discountCents: customerPayments.discountCents,
      deliveryCents: customerPayments.deliveryCents,
      priceCents: customerPayments.priceCents,
    })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  const lines = await tx
    .select({
      vendorId: orderLines.vendorId,
      shopName: orderLines.shopName,
      shopEmail: orderLines.shopEmail,
      name: orderLines.itemName,
      amount: orderLines.amount,
      totalCents: orderLines.totalCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.createdAt, orderLines.id);
  const byShop = new Map<string, typeof lines>();
  for (const line of lines) byShop.set(line.vendorId, [...(byShop.get(line.vendorId) ?? []), line]);
  const shops = [...byShop].map(([vendorId, shopLines]) => ({
    vendorId,
    shopName: shopLines[0].shopName,
    shopEmail: shopLines[0].shopEmail,
    lines: shopLines.map(({ name, amount, totalCents }) => ({ name, amount, totalCents })),
  }));
  return {
    order: { ...order, orderNumber: formatOrderNumber(order.orderNumber) },
    lines,
    shops,
    buyer: [{ userId: order.userId, email: order.email }],
  };
}

/** A paid order tells its buyer (the receipt) and each of its shops (their lines), in the order's transaction. */
export async function notifyOrderPlaced(tx: Tx, orderId: string): Promise<void> {
  const { order, shops, buyer } = await orderFacts(tx, orderId);
  await notify(tx, buyer, {
    kind: 'order_placed',
    orderId,
    orderNumber: order.orderNumber,
    paymentId: order.paymentId,
    shops: shops.map(({ shopName, lines }) => ({ shopName, lines })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    deliveryCents: order.deliveryCents,
    totalCents: order.priceCents,
  });
  for (const shop of shops) {
    await notify(tx, [{ userId: shop.vendorId, email: shop.shopEmail }], {
      kind: 'order_received',
      orderId,
      orderNumber: order.orderNumber,
      buyerName: order.buyerName,
      shopName: shop.shopName,
      lines: shop.lines,
    });
  }
}

type PartMove = {
  orderId: string;
  vendorId: string;
  target: FulfilmentStatus;
  kind: HandoverKind;
  /** The refunds the cancellation recorded. */
  refundIds?: string[];
  by?: 'shop' | 'shopper' | 'unweighed';
};

/**
 * A shop's part of an order moved: the buyer hears the step by its name for how the part is handed over
 * ("Green Valley Farm: Ready for pickup"), or that it was cancelled (by the shop or by themselves) with what the
 * cancellation refunded; a shopper's own cancellation is told to the shop too.
 */
export async function notifyPartMoved(tx: Tx, move: PartMove): Promise<void> {
  const { orderId, vendorId, target, kind, refundIds = [], by = 'shop' } = move;
  const { order, shops, buyer } = await orderFacts(tx, orderId);
  const shop = shops.find((s) => s.vendorId === vendorId);
  if (!shop) return;
  if (target !== 'cancelled') {
    await notify(tx, buyer, {
      kind: 'step_changed',
      orderId,
      orderNumber: order.orderNumber,
      paymentId: order.paymentId,
      shopName: shop.shopName,
      status: target,
      label: STEP_LABELS[kind][target],
    });
    return;
  }
  const refundCents = (await refundsOfOrders(tx, [orderId]))
    .filter((refund) => refundIds.includes(refund.id))
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  await notify(tx, buyer, {
    kind: 'part_cancelled',
    orderId,
    orderNumber: order.orderNumber,
    paymentId: order.paymentId,
    shopName: shop.shopName,
    lines: shop.lines,
    refundCents,
    by,
  });
  if (by === 'shopper' || by === 'unweighed') {
    await notify(tx, [{ userId: shop.vendorId, email: shop.shopEmail }], {
      kind: 'shopper_cancelled',
      orderId,
      orderNumber: order.orderNumber,
      buyerName: order.buyerName,
      shopName: shop.shopName,
      lines: shop.lines,
      by,
    });
  }
}

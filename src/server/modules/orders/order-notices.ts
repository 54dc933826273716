import { type FulfilmentStatus, type HandoverKind, STEP_LABELS } from '#contract/fulfilment.ts';
import type { Handover } from '#contract/notifications.ts';
import { formatOrderNumber } from '#contract/order-numbers.ts';
import { amountText } from '#contract/units.ts';
import { windowLabel } from '#contract/window-label.ts';
import type { Tx } from '../../db/client.ts';
import { productNames } from '../catalog/index.ts';
import { notify } from '../notifications/index.ts';
import { refundsOfOrders } from '../payments/index.ts';
import { paymentNote } from './notes.ts';
import { type OrderMoney, ofOrderLines, ofOrderWithPayment, orderMoney } from './order-money.ts';
import { fulfilmentsOfOrders, linePack } from './queries.ts';
import { customerPayments, type orderFulfilments, orderLines, orders } from './tables.ts';

/** Where and when a shop's part is handed over, as messages say it. */
function handoverOf(row: typeof orderFulfilments.$inferSelect): Handover {
  const window = windowLabel(row.startsAt.toISOString(), row.endsAt.toISOString(), row.timeZone);
  return row.kind === 'pickup'
    ? { kind: 'pickup', window, place: row.pickupPointName, address: row.pickupPointAddress ?? '' }
    : { kind: 'delivery', window, place: null, address: `${row.deliveryAddress}, ${row.deliveryPostcode}` };
}

/** The order, its payment's totals, its lines as bought and its money, for what its notifications say. */
async function orderFacts(tx: Tx, orderId: string) {
  const orderSelect = tx
    .select({
      userId: orders.userId,
      email: orders.email,
      buyerName: orders.name,
      orderNumber: orders.orderNumber,
      paymentId: orders.paymentId,
      phone: customerPayments.phoneNumber,
      note: paymentNote,
      subtotalCents: customerPayments.subtotalCents,
      discountCents: customerPayments.discountCents,
      deliveryCents: customerPayments.deliveryCents,
      priceCents: customerPayments.priceCents,
    })
    .from(orders);
  const [order] = await ofOrderWithPayment(orderSelect.$dynamic(), orderId);
  const linesSelect = tx
    .select({
      vendorId: orderLines.vendorId,
      shopName: orderLines.shopName,
      shopEmail: orderLines.shopEmail,
      name: orderLines.itemName,
      amount: orderLines.amount,
      totalCents: orderLines.totalCents,
      productId: orderLines.productId,
      estimatedGrams: orderLines.estimatedGrams,
      unit: orderLines.unit,
      packLabel: orderLines.packLabel,
      netQuantity: orderLines.netQuantity,
      netUnit: orderLines.netUnit,
    })
    .from(orderLines);
  const lines = await ofOrderLines(linesSelect.$dynamic(), orderId);
  // Each line's amount in its units ("2 jars"; pieces of weighed goods), as the e-mails say it: the unit and pack
  // recorded with the line (decision 052), else, on a line from before options, its product's now.
  const products = await productNames(
    tx,
    lines.flatMap((l) => (l.productId && !l.unit ? [l.productId] : [])),
  );
  const quantityOf = (line: (typeof lines)[number]) => {
    if (line.estimatedGrams !== null) return { quantity: amountText(line.amount, 'piece') };
    if (line.unit) return { quantity: amountText(line.amount, line.unit, linePack(line)) };
    const product = line.productId ? products.get(line.productId) : undefined;
    return product ? { quantity: amountText(line.amount, product.unit, product.pack) } : {};
  };
  const booked = await fulfilmentsOfOrders(tx, [orderId]);
  const handovers = new Map(booked.map((row) => [row.shopId, handoverOf(row)]));
  // What the shopper wrote for one shop with its slot, then for the whole order at checkout.
  const notesOf = (shopId: string) =>
    [booked.find((row) => row.shopId === shopId)?.note, order.note].filter(Boolean).join(' · ') || null;
  const money = await orderMoney(tx, orderId);
  const byShop = new Map<string, typeof lines>();
  for (const line of lines) byShop.set(line.vendorId, [...(byShop.get(line.vendorId) ?? []), line]);
  const shops = [...byShop].map(([vendorId, shopLines]) => ({
    vendorId,
    shopName: shopLines[0].shopName,
    shopEmail: shopLines[0].shopEmail,
    lines: shopLines.map((line) => ({
      name: line.name,
      amount: line.amount,
      ...quantityOf(line),
      totalCents: line.totalCents,
    })),
    handover: handovers.get(vendorId) ?? null,
    note: notesOf(vendorId),
    money: shopMoney(money, vendorId),
  }));
  return {
    order: { ...order, orderNumber: formatOrderNumber(order.orderNumber) },
    money,
    shops,
    buyer: [{ userId: order.userId, email: order.email }],
  };
}

const shopMoney = (money: OrderMoney, shopId: string) => {
  const found = money.shops.find((shop) => shop.shopId === shopId);
  if (!found) throw new Error(`No money of shop ${shopId} in the order`);
  return found;
};

/** The receipt of an order as its buyer is e-mailed it (order_placed): each shop's part and what was held or charged. */
function receiptEvent({ order, money, shops }: Awaited<ReturnType<typeof orderFacts>>, orderId: string) {
  const held = money.state === 'held';
  return {
    kind: 'order_placed',
    orderId,
    orderNumber: order.orderNumber,
    paymentId: order.paymentId,
    shops: shops.map(({ shopName, lines, handover, money: part }) => ({
      shopName,
      lines,
      handover,
      ...(held ? { heldCents: part.heldCents ?? 0 } : { chargedCents: part.chargedCents ?? 0 }),
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    deliveryCents: order.deliveryCents,
    totalCents: held ? money.estimateCents : (money.chargedCents ?? order.priceCents),
    ...(held && money.heldCents !== null ? { heldCents: money.heldCents } : {}),
  } as const;
}

/** The order's receipt as it would be sent now, and its buyer: for sending it again. */
export async function receiptOf(tx: Tx, orderId: string) {
  const facts = await orderFacts(tx, orderId);
  return { buyer: facts.buyer[0], event: receiptEvent(facts, orderId) };
}

/** A paid order tells its buyer (the receipt) and each of its shops (their lines), in the order's transaction. */
export async function notifyOrderPlaced(tx: Tx, orderId: string): Promise<void> {
  const facts = await orderFacts(tx, orderId);
  const { order, shops, buyer } = facts;
  await notify(tx, buyer, receiptEvent(facts, orderId));
  for (const shop of shops) {
    await notify(tx, [{ userId: shop.vendorId, email: shop.shopEmail }], {
      kind: 'order_received',
      orderId,
      orderNumber: order.orderNumber,
      buyerName: order.buyerName,
      shopName: shop.shopName,
      lines: shop.lines,
      handover: shop.handover,
      phone: order.phone,
      note: shop.note,
    });
  }
}

/**
 * The order's hold was charged (weighed goods, in the capturing transaction): the buyer hears each shop's final
 * amount, the charge and what of the hold is released.
 */
export async function notifyOrderCharged(tx: Tx, orderId: string): Promise<void> {
  const { order, money, shops, buyer } = await orderFacts(tx, orderId);
  if (money.heldCents === null || money.chargedCents === null || money.chargedCents === 0) return;
  await notify(tx, buyer, {
    kind: 'order_charged',
    orderId,
    orderNumber: order.orderNumber,
    paymentId: order.paymentId,
    shops: shops
      .filter((shop) => (shop.money.chargedCents ?? 0) > 0)
      .map(({ shopName, lines, money: part }) => ({ shopName, lines, chargedCents: part.chargedCents ?? 0 })),
    heldCents: money.heldCents,
    chargedCents: money.chargedCents,
    releasedCents: money.releasedCents,
  });
}

type PartMove = {
  orderId: string;
  vendorId: string;
  target: FulfilmentStatus;
  kind: HandoverKind;
  /** The refunds the cancellation recorded. */
  refundIds?: string[];
  by?: 'shop' | 'shopper' | 'unweighed';
  /** A step's message waits until then: the shop may still undo it (decision 059). */
  notBefore?: Date;
};

/**
 * A shop's part of an order moved: the buyer hears the step by its name for how the part is handed over
 * ("Green Valley Farm: Ready for pickup") with where, when and its price, or that it was cancelled (by the shop or
 * by themselves) with what the cancellation refunded or released of the card hold; a shopper's own cancellation is
 * told to the shop too. Called before a capture the move may cause, so a hold's shares are still known.
 */
export async function notifyPartMoved(tx: Tx, move: PartMove): Promise<void> {
  const { orderId, vendorId, target, kind, refundIds = [], by = 'shop', notBefore } = move;
  const { order, money, shops, buyer } = await orderFacts(tx, orderId);
  const shop = shops.find((s) => s.vendorId === vendorId);
  if (!shop) return;
  if (target !== 'cancelled') {
    await notify(
      tx,
      buyer,
      {
        kind: 'step_changed',
        orderId,
        orderNumber: order.orderNumber,
        paymentId: order.paymentId,
        shopName: shop.shopName,
        status: target,
        label: STEP_LABELS[kind][target],
        handover: shop.handover,
        lines: shop.lines,
        priceCents: shop.money.chargedCents ?? shop.money.estimateCents,
        held: money.state === 'held',
      },
      { notBefore },
    );
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
    releasedCents: money.state === 'held' ? (shop.money.heldCents ?? 0) : 0,
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

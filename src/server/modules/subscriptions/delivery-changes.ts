import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { CHANGE_MESSAGES, type DeliveryChoice, type MadeDelivery } from '#contract/delivery-changes.ts';
import { centsToDollars } from '#contract/money.ts';
import { discountedCents } from '#contract/subscription-words.ts';
import { lineCents } from '#contract/weighed.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { type CartOption, productsForCart, restock, shopOptionsOnSale, takeStock } from '../catalog/index.ts';
import {
  addOrderLine,
  type ChangedLine,
  moveOrderSlot,
  orderHeadsOf,
  removeOrderLine,
  replaceOrderLine,
  repriceOrder,
  subscriptionOrderForChange,
} from '../orders/index.ts';
import { bookSlots, releaseBooking, servedSlot, servedWindows, slotLabel } from '../slots/index.ts';
import { type PlanClock, plansWindows } from './service.ts';
import { subscriptionDeliveries, subscriptionPlanItems, subscriptionPlans, subscriptions } from './tables.ts';

type Order = Awaited<ReturnType<typeof subscriptionOrderForChange>>;
type Plan = typeof subscriptionPlans.$inferSelect;

/**
 * The shopper's delivery of that date with its order, all locked (the subscription, then its delivery row, then the
 * order, the order every change and the charge take them in): 404 when the subscription is not theirs.
 */
async function lockedDelivery(tx: Tx, userId: string, id: string, date: string, clock: PlanClock) {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .for('update');
  if (!subscription) throw notFound('Subscription');
  const [row] = await tx
    .select()
    .from(subscriptionDeliveries)
    .where(and(eq(subscriptionDeliveries.subscriptionId, id), eq(subscriptionDeliveries.deliveryOn, date)))
    .for('update');
  if (!row?.orderId) throw conflict(CHANGE_MESSAGES.notMade);
  const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, subscription.planId));
  const order = await subscriptionOrderForChange(tx, row.orderId);
  // Its slot as booked now (a move changes it); its cutoff ends the changes (the charge's claim moves the row's
  // next attempt ahead, so that is not the cutoff).
  const windowId = order.fulfilment?.windowId ?? row.windowId;
  const window = (await servedWindows(tx, [windowId], clock.defaultTimeZone)).get(windowId);
  const slotDate = order.fulfilment?.slotDate ?? row.deliveryOn;
  const slot = window ? servedSlot(window, slotDate) : null;
  return { subscription, row, plan, order, orderId: row.orderId, window, windowId, slotDate, slot };
}

type Locked = Awaited<ReturnType<typeof lockedDelivery>>;

/** Whether the delivery can still be changed at `now`: its order made, not charged, its slot's cutoff ahead. */
const changeable = ({ row, order, slot }: Locked, now: Date) =>
  row.status === 'ordered' && !order.charged && slot !== null && slot.closesAt > now;

/** The same, or the reason it cannot be changed (409). */
async function openDelivery(tx: Tx, userId: string, id: string, date: string, clock: PlanClock) {
  const locked = await lockedDelivery(tx, userId, id, date, clock);
  if (locked.row.status === 'skipped') throw conflict(CHANGE_MESSAGES.orderGone);
  if (!changeable(locked, clock.now)) throw conflict(CHANGE_MESSAGES.closed);
  return locked;
}

const optionName = (option: CartOption) =>
  option.optionCount > 1 ? `${option.name} — ${option.optionLabel}` : option.name;

/** An order line of this option: a plan item at its list price (the plan's discount comes off the order), or a one-off at the price checkout charges now. */
function lineOf(option: CartOption, amount: number, part: 'plan' | 'extra'): ChangedLine {
  const unit = part === 'plan' ? option.listPriceCents : option.priceCents;
  const saving = part === 'extra' && option.saving ? { ...option.saving, listPriceCents: option.listPriceCents } : null;
  return {
    productId: option.productId,
    vendorId: option.vendorId,
    shopName: option.shopName,
    shopEmail: option.shopEmail,
    itemName: optionName(option),
    image: option.image,
    unitPriceCents: unit,
    saving,
    amount,
    totalCents: lineCents({
      priceCents: unit,
      amount,
      soldByWeight: option.soldByWeight,
      gramsPerPiece: option.gramsPerPiece,
    }),
    estimatedGrams: option.soldByWeight && option.gramsPerPiece ? amount * option.gramsPerPiece : null,
    taxBps: option.taxBps,
    optionId: option.optionId,
    optionLabel: option.optionLabel,
    sku: option.sku,
    draws: option.draws,
    unit: option.unit,
    pack: option.pack,
  };
}

/**
 * Prices the order afresh after a change: the plan's discount on the plan's items only (a one-off is at its own
 * price), the shop's delivery fee for a delivery time (free over its threshold, as the job counts it), tax as checkout.
 */
async function reprice(tx: Tx, plan: Plan, orderId: string, clock: PlanClock) {
  const order = await subscriptionOrderForChange(tx, orderId);
  const sum = (lines: Order['lines']) => lines.reduce((total, line) => total + line.totalCents, 0);
  const planPart = sum(order.lines.filter((line) => line.planPart));
  const discount = planPart - discountedCents(planPart, plan.discountPercent);
  const subtotal = sum(order.lines);
  let fee = 0;
  if (order.fulfilment) {
    const window = (await servedWindows(tx, [order.fulfilment.windowId], clock.defaultTimeZone)).get(
      order.fulfilment.windowId,
    );
    const free = window?.freeDeliveryOverCents != null && subtotal - discount >= window.freeDeliveryOverCents;
    fee = window?.kind === 'delivery' && !free ? window.deliveryFeeCents : 0;
  }
  await repriceOrder(tx, orderId, { discountCents: discount, deliveryCents: fee });
}

/** An option of the plan's shop on sale now, its product locked (with the other options asked for); else 409. */
async function optionOnSale(tx: Tx, plan: Plan, optionId: string, others: (string | null)[] = []) {
  const options = await productsForCart(tx, [optionId, ...others.filter((o): o is string => o !== null)], {
    lock: true,
  });
  const option = options.get(optionId);
  if (option && option.vendorId !== plan.shopId) throw conflict(CHANGE_MESSAGES.otherShop);
  if (!option?.listed || option.expired) throw conflict(CHANGE_MESSAGES.notOnSale);
  return option;
}

/** Adds a one-off product of the plan's shop to a made delivery before its cutoff, its stock taken as checkout does. */
export async function addDeliveryLine(
  db: Db,
  userId: string,
  target: { id: string; date: string },
  input: { optionId: string; quantity: number },
  clock: PlanClock,
) {
  await db.transaction(async (tx) => {
    const { plan, orderId } = await openDelivery(tx, userId, target.id, target.date, clock);
    if (plan.pricing !== 'per_delivery') throw conflict(CHANGE_MESSAGES.season);
    const option = await optionOnSale(tx, plan, input.optionId);
    if (option.stock < input.quantity) throw conflict(CHANGE_MESSAGES.outOfStock);
    await takeStock(tx, [{ optionId: option.optionId, amount: input.quantity }]);
    await addOrderLine(tx, orderId, lineOf(option, input.quantity, 'extra'));
    await reprice(tx, plan, orderId, clock);
  });
}

/** Takes an added one-off out of a made delivery before its cutoff, its stock given back. */
export async function removeDeliveryLine(
  db: Db,
  userId: string,
  target: { id: string; date: string; lineId: string },
  clock: PlanClock,
) {
  await db.transaction(async (tx) => {
    const { plan, order, orderId } = await openDelivery(tx, userId, target.id, target.date, clock);
    const line = order.lines.find((l) => l.id === target.lineId);
    if (!line) throw notFound('Item of this delivery');
    if (line.planPart) throw conflict(CHANGE_MESSAGES.notExtra);
    await restock(tx, [line]);
    await removeOrderLine(tx, orderId, line.id);
    await reprice(tx, plan, orderId, clock);
  });
}

/** The plan's products (a fixed plan's items' products). */
async function planProductIds(tx: Tx, plan: Plan): Promise<Set<string>> {
  const items = await tx
    .select({ optionId: subscriptionPlanItems.optionId })
    .from(subscriptionPlanItems)
    .where(eq(subscriptionPlanItems.planId, plan.id));
  const options = await productsForCart(
    tx,
    items.map((item) => item.optionId),
  );
  return new Set([...options.values()].map((option) => option.productId));
}

/**
 * Swaps a plan item of a made delivery before its cutoff for another listed option of its product or of another of the
 * plan's products, as many as before, at its list price less the plan's discount: the delivery's price follows (the
 * shopper pays the difference, or pays less). The old option's stock comes back, the new one's is taken.
 */
export async function swapDeliveryLine(
  db: Db,
  userId: string,
  target: { id: string; date: string; lineId: string },
  input: { optionId: string },
  clock: PlanClock,
) {
  await db.transaction(async (tx) => {
    const { plan, order, orderId } = await openDelivery(tx, userId, target.id, target.date, clock);
    if (plan.kind === 'box') throw conflict(CHANGE_MESSAGES.box);
    if (plan.pricing !== 'per_delivery') throw conflict(CHANGE_MESSAGES.season);
    const line = order.lines.find((l) => l.id === target.lineId);
    if (!line) throw notFound('Item of this delivery');
    if (!line.planPart) throw conflict(CHANGE_MESSAGES.notPlanLine);
    if (line.optionId === input.optionId) throw conflict(CHANGE_MESSAGES.sameOption);
    const option = await optionOnSale(tx, plan, input.optionId, [line.optionId]);
    const products = await planProductIds(tx, plan);
    if (option.productId !== line.productId && !products.has(option.productId))
      throw conflict(CHANGE_MESSAGES.notSwapOption);
    await restock(tx, [line]);
    const after = await productsForCart(tx, [option.optionId]);
    if ((after.get(option.optionId)?.stock ?? 0) < line.amount) throw conflict(CHANGE_MESSAGES.outOfStock);
    await takeStock(tx, [{ optionId: option.optionId, amount: line.amount }]);
    await replaceOrderLine(tx, orderId, line.id, lineOf(option, line.amount, 'plan'));
    await reprice(tx, plan, orderId, clock);
  });
}

/**
 * The plan's live times of the same kind as the delivery's, other than its own, on their day of the delivery's week
 * (Monday to Sunday), with whether their ordering is still open at `now`.
 */
async function otherTimes(tx: Tx, plan: Plan, currentId: string, deliveryOn: string, clock: PlanClock) {
  const live = (await plansWindows(tx, [plan], clock)).get(plan.id) ?? [];
  const served = await servedWindows(tx, [currentId, ...live.map((w) => w.id)], clock.defaultTimeZone);
  const kind = served.get(currentId)?.kind;
  const day = Temporal.PlainDate.from(deliveryOn);
  const monday = day.subtract({ days: day.dayOfWeek - 1 });
  return live.flatMap((w) => {
    const window = served.get(w.id);
    if (!window || w.id === currentId || window.kind !== kind) return [];
    const date = monday.add({ days: window.weekday - 1 }).toString();
    const slot = servedSlot(window, date);
    return [{ window, date, slot, open: slot.closesAt > clock.now }];
  });
}

/**
 * Moves a made delivery to another of the plan's times the same week before its cutoff: the order's place is booked
 * in the new slot as checkout books one (SLOT_FULL when none is left) and the old one freed; the delivery row takes the
 * new time, so it is charged at the new slot's cutoff and the farm's roster shows it there.
 */
export async function moveDeliveryWindow(
  db: Db,
  userId: string,
  target: { id: string; date: string },
  input: { windowId: string },
  clock: PlanClock,
) {
  await db.transaction(async (tx) => {
    const locked = await openDelivery(tx, userId, target.id, target.date, clock);
    const { subscription, row, plan, order, orderId } = locked;
    const currentId = locked.windowId;
    if (input.windowId === currentId) throw conflict(CHANGE_MESSAGES.sameTime);
    const choice = (await otherTimes(tx, plan, currentId, row.deliveryOn, clock)).find(
      (c) => c.window.id === input.windowId,
    );
    if (!choice) throw conflict(CHANGE_MESSAGES.notPlanTime);
    if (!choice.open) throw conflict(CHANGE_MESSAGES.timeClosed);
    await releaseBooking(tx, orderId, currentId);
    const [slot] = await bookSlots(
      tx,
      [
        {
          shopId: plan.shopId,
          windowId: choice.window.id,
          date: choice.date,
          shopName: order.lines[0]?.shopName ?? '',
          shopperId: subscription.userId,
          orderId,
        },
      ],
      clock.now,
    );
    await moveOrderSlot(tx, orderId, {
      windowId: choice.window.id,
      slotDate: choice.date,
      startsAt: new Date(slot.start),
      endsAt: new Date(slot.end),
      pickupPoint: slot.pickupPoint,
    });
    await tx
      .update(subscriptionDeliveries)
      .set({
        windowId: choice.window.id,
        slotStart: choice.slot.start,
        nextAttemptAt: choice.slot.closesAt,
        updatedAt: clock.now,
      })
      .where(
        and(
          eq(subscriptionDeliveries.subscriptionId, row.subscriptionId),
          eq(subscriptionDeliveries.deliveryOn, row.deliveryOn),
        ),
      );
    await reprice(tx, plan, orderId, clock);
  });
}

const choiceOf = (option: CartOption, part: 'plan' | 'extra'): DeliveryChoice => ({
  optionId: option.optionId,
  productId: option.productId,
  name: option.name,
  label: option.optionCount > 1 ? option.optionLabel : null,
  price: centsToDollars(part === 'plan' ? option.listPriceCents : option.priceCents),
  stock: option.stock,
});

/** A made delivery as its shopper's change panel shows it; 409 when its order is not made. */
export async function madeDelivery(
  db: Db,
  userId: string,
  target: { id: string; date: string },
  clock: PlanClock,
): Promise<MadeDelivery> {
  return db.transaction(async (tx) => {
    const locked = await lockedDelivery(tx, userId, target.id, target.date, clock);
    const { row, plan, order, orderId, window, windowId, slotDate, slot } = locked;
    const head = (await orderHeadsOf(tx, [orderId])).get(orderId);
    const open = changeable(locked, clock.now);
    const paidBySeason = plan.pricing !== 'per_delivery';
    const onSale = open && !paidBySeason ? await shopOptionsOnSale(tx, plan.shopId) : [];
    const products = plan.kind === 'fixed' && open ? await planProductIds(tx, plan) : new Set<string>();
    return {
      subscriptionId: target.id,
      date: target.date,
      slot:
        slot && window
          ? slotLabel({ start: slot.start.toISOString(), end: slot.end.toISOString() }, window.timeZone)
          : slotDate,
      planName: plan.name,
      shopName: order.lines[0]?.shopName ?? '',
      kind: plan.kind,
      discountPercent: plan.discountPercent,
      order: { number: head?.orderNumber ?? '', paymentId: head?.paymentId ?? '' },
      changeableUntil: open && slot ? slot.closesAt.toISOString() : null,
      lines: order.lines.map((line) => ({
        id: line.id,
        name: line.itemName,
        amount: line.amount,
        unitPrice: centsToDollars(line.unitPriceCents),
        total: centsToDollars(line.totalCents),
        part: line.planPart ? 'plan' : 'extra',
        optionId: line.optionId,
        productId: line.productId,
      })),
      subtotal: centsToDollars(order.subtotalCents),
      discount: centsToDollars(order.discountCents),
      deliveryFee: centsToDollars(order.deliveryCents),
      tax: centsToDollars(order.taxCents),
      taxIncluded: order.taxIncluded,
      total: centsToDollars(order.priceCents),
      swapChoices: onSale.filter((o) => products.has(o.productId)).map((o) => choiceOf(o, 'plan')),
      addChoices: onSale.filter((o) => o.stock > 0).map((o) => choiceOf(o, 'extra')),
      paidBySeason,
      windowChoices: open
        ? (await otherTimes(tx, plan, windowId, row.deliveryOn, clock))
            .filter((c) => c.open)
            .map((c) => ({
              windowId: c.window.id,
              date: c.date,
              slot: slotLabel({ start: c.slot.start.toISOString(), end: c.slot.end.toISOString() }, c.window.timeZone),
            }))
        : [],
    };
  });
}

import { and, asc, between, desc, eq, exists, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { VendorOrder } from '#contract/fulfilment.ts';
import { formatOrderNumber } from '#contract/order-numbers.ts';
import {
  type BookedSlot,
  type DeliveryStop,
  type PackingSlip,
  type PickItem,
  type SlotSheet,
  WEEK_MAX_DAYS,
  type Week,
  type WeekKind,
} from '#contract/vendor-week.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { productNames } from '../catalog/index.ts';
import { decodeSlotId, encodeSlotId, settingsRow } from '../slots/index.ts';
import { lineColumns, orderColumns, toVendorOrder, withPayment } from './fulfilment.ts';
import { linePack, toOrderFulfilment } from './queries.ts';
import { customerPayments, orderFulfilments, orderLines, orders } from './tables.ts';

/** Orders without a slot listed at most (the open ones and those placed in the dates asked for). */
const UNSLOTTED_LIMIT = 200;

type FulfilmentRow = typeof orderFulfilments.$inferSelect;

/** The days asked for, in the shop's zone: from today and two weeks on by default, at most WEEK_MAX_DAYS. */
function weekRange(query: { from?: string; to?: string }, today: Temporal.PlainDate) {
  const from = query.from ? Temporal.PlainDate.from(query.from) : today;
  const to = query.to ? Temporal.PlainDate.from(query.to) : from.add({ days: 13 });
  if (Temporal.PlainDate.compare(to, from) < 0)
    throw badRequest('to: The last day is before the first', { to: 'The last day is before the first' });
  if (from.until(to).days >= WEEK_MAX_DAYS) {
    const message = `At most ${WEEK_MAX_DAYS} days at once`;
    throw badRequest(`to: ${message}`, { to: message });
  }
  return { from, to };
}

const instantOf = (day: Temporal.PlainDate, timeZone: string) =>
  new Date(day.toZonedDateTime({ timeZone }).epochMilliseconds);

/** The shop's booked parts (with their order and payment) matching `where`, by start, then by time booked. */
const bookedParts = (db: Tx, where: SQL | undefined) =>
  db
    .select({ ...orderColumns, fulfilment: orderFulfilments })
    .from(orderFulfilments)
    .innerJoin(orders, eq(orders.id, orderFulfilments.orderId))
    .innerJoin(customerPayments, withPayment)
    .where(where)
    .orderBy(asc(orderFulfilments.startsAt), asc(orderFulfilments.windowId), asc(orders.createdAt), asc(orders.id));
type BookedPart = Awaited<ReturnType<typeof bookedParts>>[number];

/** The shop's own lines of these orders, in the order they were bought. */
const linesOf = (db: Tx, shopId: string, orderIds: string[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          ...lineColumns,
          unit: orderLines.unit,
          packLabel: orderLines.packLabel,
          netQuantity: orderLines.netQuantity,
          netUnit: orderLines.netUnit,
        })
        .from(orderLines)
        .where(and(eq(orderLines.vendorId, shopId), inArray(orderLines.orderId, orderIds)))
        .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
type Line = Awaited<ReturnType<typeof linesOf>>[number];

function toBookedSlot(first: FulfilmentRow, orderCount: number): BookedSlot {
  const { kind, start, end, timeZone, pickupPoint } = toOrderFulfilment(first);
  return {
    id: encodeSlotId(first.windowId, first.slotDate),
    kind,
    start,
    end,
    timeZone,
    pickupPoint,
    orders: orderCount,
  };
}

/** Parts in the same slot (window and date) side by side, as `bookedParts` orders them. */
function bySlot(parts: BookedPart[]): BookedPart[][] {
  const groups = new Map<string, BookedPart[]>();
  for (const part of parts) {
    const key = encodeSlotId(part.fulfilment.windowId, part.fulfilment.slotDate);
    groups.set(key, [...(groups.get(key) ?? []), part]);
  }
  return [...groups.values()];
}

const vendorOrderOf = (part: BookedPart, lines: Line[]): VendorOrder =>
  toVendorOrder(
    part,
    lines.filter((l) => l.orderId === part.id),
    toOrderFulfilment(part.fulfilment),
  );

/**
 * A shop's week: its slots booked between the dates (in the shop's zone), soonest first, each with its orders and
 * only the shop's lines; and its orders without a slot. Three queries whatever the number of orders.
 */
export async function shopWeek(
  db: Tx,
  shopId: string,
  query: { from?: string; to?: string; kind: WeekKind },
  options: { defaultTimeZone: string; now: Date },
): Promise<Week> {
  const { timeZone } = await settingsRow(db, shopId, options.defaultTimeZone);
  const today = Temporal.Instant.fromEpochMilliseconds(options.now.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate();
  const { from, to } = weekRange(query, today);
  const [parts, unslotted] = await Promise.all([
    bookedParts(
      db,
      and(
        eq(orderFulfilments.shopId, shopId),
        between(orderFulfilments.slotDate, from.toString(), to.toString()),
        query.kind === 'all' ? undefined : eq(orderFulfilments.kind, query.kind),
      ),
    ),
    query.kind === 'all'
      ? unslottedOrders(db, shopId, instantOf(from, timeZone), instantOf(to.add({ days: 1 }), timeZone))
      : [],
  ]);
  const lines = await linesOf(db, shopId, [...parts.map((p) => p.id), ...unslotted.map((o) => o.id)]);
  return {
    shopId,
    timeZone,
    from: from.toString(),
    to: to.toString(),
    kind: query.kind,
    slots: bySlot(parts).map((group) => ({
      ...toBookedSlot(group[0].fulfilment, group.length),
      // The newest order on top, as the orders page always listed them.
      items: group.map((part) => vendorOrderOf(part, lines)).reverse(),
    })),
    unslotted: unslotted.map((order) =>
      toVendorOrder(
        order,
        lines.filter((l) => l.orderId === order.id),
        null,
      ),
    ),
  };
}

/** The shop's orders without a slot of its own: placed between the instants, or with a line still to hand over. */
function unslottedOrders(db: Tx, shopId: string, start: Date, end: Date) {
  const booked = db
    .select({ one: sql`1` })
    .from(orderFulfilments)
    .where(and(eq(orderFulfilments.orderId, orders.id), eq(orderFulfilments.shopId, shopId)));
  return db
    .selectDistinct(orderColumns)
    .from(orders)
    .innerJoin(customerPayments, withPayment)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orderLines.vendorId, shopId),
        sql`not ${exists(booked)}`,
        or(
          and(gte(orders.createdAt, start), lt(orders.createdAt, end)),
          inArray(orderLines.status, ['pending', 'ready', 'shipped']),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(UNSLOTTED_LIMIT);
}

/**
 * Each product's units and grams over the live lines, by product and option (decision 052: a dozen and a half dozen
 * of eggs are picked apart; their names read "Eggs — Dozen"), by name for lines whose product is gone; with one of
 * its lines, whose unit and pack it counts.
 */
export function pickListOf(lines: Line[]): (PickItem & { line: Line })[] {
  const items = new Map<string, PickItem & { lines: Line[] }>();
  for (const line of lines) {
    const key = line.productId ? `${line.productId}:${line.optionId ?? ''}` : `name:${line.itemName}`;
    const item = items.get(key) ?? {
      productId: line.productId,
      name: line.itemName,
      units: 0,
      grams: null,
      weighed: true,
      lines: [],
    };
    item.units += line.amount;
    item.lines.push(line);
    items.set(key, item);
  }
  return [...items.values()]
    .map(({ lines: own, ...item }) => {
      const weighedLines = own.filter((l) => l.estimatedGrams !== null || l.actualGrams !== null);
      if (weighedLines.length === 0) return { ...item, grams: null, weighed: false, line: own[0] };
      return {
        ...item,
        grams: weighedLines.reduce((sum, l) => sum + (l.actualGrams ?? l.estimatedGrams ?? 0), 0),
        weighed: weighedLines.every((l) => l.actualGrams !== null),
        line: own[0],
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** One booked slot of the shop: its pick list, a packing slip per order and, for delivery, the stops by postcode. */
export async function slotSheet(db: Tx, shopId: string, slotId: string): Promise<SlotSheet> {
  const slot = decodeSlotId(slotId);
  if (!slot) throw notFound('Slot');
  const parts = await bookedParts(
    db,
    and(
      eq(orderFulfilments.shopId, shopId),
      eq(orderFulfilments.windowId, slot.windowId),
      eq(orderFulfilments.slotDate, slot.date),
    ),
  );
  if (parts.length === 0) throw notFound('Slot');
  const live = (
    await linesOf(
      db,
      shopId,
      parts.map((p) => p.id),
    )
  ).filter((l) => l.status !== 'cancelled');
  // What each line's amount counts (decision 053): the unit and pack recorded with the line (decision 052), else on a
  // line from before options its product's now; pieces for weighed goods.
  const products = await productNames(
    db,
    live.flatMap((l) => (l.productId && !l.unit ? [l.productId] : [])),
  );
  const unitOf = (line: Line, weighed: boolean) => {
    if (weighed) return line.unit || line.productId ? { unit: 'piece' as const, pack: null } : {};
    if (line.unit) return { unit: line.unit, pack: linePack(line) };
    const product = line.productId ? products.get(line.productId) : undefined;
    return product ? { unit: product.unit, pack: product.pack } : {};
  };
  const packingSlips: PackingSlip[] = [];
  const stops: DeliveryStop[] = [];
  for (const order of parts) {
    const { fulfilment } = order;
    const items = live.filter((l) => l.orderId === order.id).sort((a, b) => a.itemName.localeCompare(b.itemName));
    if (items.length === 0) continue;
    const { pickupPoint, deliveryAddress } = toOrderFulfilment(fulfilment);
    packingSlips.push({
      orderId: order.id,
      orderNumber: formatOrderNumber(order.orderNumber),
      shopper: { name: order.deliverTo.name, phone: order.deliverTo.phone, email: order.email },
      items: items.map((l) => ({
        name: l.itemName,
        amount: l.amount,
        estimatedGrams: l.estimatedGrams,
        actualGrams: l.actualGrams,
        ...unitOf(l, l.estimatedGrams !== null || l.actualGrams !== null),
      })),
      note: fulfilment.note ?? order.note,
      pickupPoint,
      deliveryAddress,
      ...(order.subscriptionId ? { subscription: true } : {}),
    });
    if (deliveryAddress)
      stops.push({
        orderId: order.id,
        orderNumber: formatOrderNumber(order.orderNumber),
        name: order.deliverTo.name,
        phone: order.deliverTo.phone,
        ...deliveryAddress,
      });
  }
  stops.sort((a, b) => a.postcode.localeCompare(b.postcode) || a.address.localeCompare(b.address));
  return {
    shopId,
    shopName: parts[0].fulfilment.shopName,
    slot: toBookedSlot(parts[0].fulfilment, parts.length),
    pickList: pickListOf(live).map(({ line, ...item }) => ({ ...item, ...unitOf(line, item.grams !== null) })),
    packingSlips,
    subscriptionOrders: packingSlips.filter((slip) => slip.subscription).length,
    stops,
  };
}

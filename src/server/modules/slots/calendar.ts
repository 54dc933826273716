import { and, between, inArray } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { centsToDollars } from '#contract/money.ts';
import type { SlotList } from '#contract/slots.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { shopOf } from '../shops/index.ts';
import { holidayKeys, holidaysOver } from './holidays.ts';
import { placesTaken } from './reserved-places.ts';
import { livePickupPoints, liveWindows, settingsRow } from './settings.ts';
import { encodeSlotId } from './slot-ids.ts';
import { dayIn, slotKey, slotsBetween, type WeeklyWindow } from './slot-times.ts';
import { windowCancellations } from './tables.ts';

/**
 * The range asked for: from today (default) to at most the last day ordering is open for, today + the shop's
 * horizon (default). Days are calendar days in the shop's zone.
 */
function slotRange(query: { from?: string; to?: string }, today: Temporal.PlainDate, horizonDays: number) {
  const last = today.add({ days: horizonDays });
  const from = query.from ? Temporal.PlainDate.from(query.from) : today;
  const to = query.to ? Temporal.PlainDate.from(query.to) : last;
  const fields: Record<string, string> = {};
  if (Temporal.PlainDate.compare(from, today) < 0) fields.from = `From today (${today}) on`;
  if (Temporal.PlainDate.compare(to, last) > 0)
    fields.to = `Ordering opens ${horizonDays} days ahead: ${last} at the latest`;
  else if (Temporal.PlainDate.compare(to, from) < 0) fields.to = 'The last day is before the first';
  const [first] = Object.entries(fields);
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, fields);
  return { from, to };
}

/** The shop's slots on the days asked for, with what is left of each and whether it takes orders. */
export async function listSlots(
  db: Tx,
  shopId: string,
  query: { from?: string; to?: string },
  options: { defaultTimeZone: string; now: Date },
): Promise<SlotList> {
  if (!(await shopOf(db, shopId))) throw notFound('Shop');
  const [settings, points, windows] = await Promise.all([
    settingsRow(db, shopId, options.defaultTimeZone),
    livePickupPoints(db, shopId),
    liveWindows(db, shopId),
  ]);
  const range = slotRange(query, dayIn(settings.timeZone, options.now), settings.horizonDays);
  const pointOf = new Map(points.map((p) => [p.id, { id: p.id, name: p.name, address: p.address }]));
  const offered: WeeklyWindow[] = windows
    .filter((w) => w.kind === 'pickup' || settings.deliveryOffered)
    .map((w) => ({ ...w, pickupPoint: w.pickupPointId ? (pointOf.get(w.pickupPointId) ?? null) : null }));
  const ids = offered.map((w) => w.id);
  const [from, to] = [range.from.toString(), range.to.toString()];
  const [booked, closedDays, cancelled] = await Promise.all([
    placesTaken(db, ids, from, to),
    holidaysOver(db, [shopId], from, to),
    ids.length === 0
      ? []
      : db
          .select({ windowId: windowCancellations.windowId, date: windowCancellations.date })
          .from(windowCancellations)
          .where(and(inArray(windowCancellations.windowId, ids), between(windowCancellations.date, from, to))),
  ]);
  const slots = slotsBetween(
    settings,
    offered,
    range,
    {
      booked: new Map(booked.map((b) => [slotKey(b.windowId, b.date), b.booked])),
      cancelled: new Set([
        ...cancelled.map((c) => slotKey(c.windowId, c.date)),
        ...holidayKeys(closedDays, offered, from, to),
      ]),
      now: options.now,
    },
    encodeSlotId,
  );
  return {
    shopId,
    timeZone: settings.timeZone,
    from,
    to,
    delivery: settings.deliveryOffered
      ? {
          fee: centsToDollars(settings.deliveryFeeCents),
          freeOver: settings.freeDeliveryOverCents === null ? null : centsToDollars(settings.freeDeliveryOverCents),
          minimumOrder: centsToDollars(settings.minimumOrderCents),
        }
      : null,
    slots,
  };
}

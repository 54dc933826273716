import { and, asc, inArray, isNull } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { greatCircleKm } from '#contract/places.ts';
import { normalizePostcode, type Slot } from '#contract/slots.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { shopsByVendorIds } from '../shops/index.ts';
import { holidayOn, holidaysOver } from './holidays.ts';
import { placePostcode } from './postcodes.ts';
import { placesTaken } from './reserved-places.ts';
import { encodeSlotId } from './slot-ids.ts';
import { dayIn, slotKey, slotsBetween } from './slot-times.ts';
import { fulfilmentSettings, fulfilmentWindows, pickupPoints, slotBookings, windowCancellations } from './tables.ts';

/** What a shop offers a cart: pickup when it has pickup points, delivery with its terms and area (cents, km). */
export type ShopTerms = {
  /** null: the shop saved no settings (it offers nothing yet). */
  timeZone: string | null;
  pickup: boolean;
  delivery: {
    feeCents: number;
    freeOverCents: number | null;
    minimumOrderCents: number;
    postcodes: string[];
    radiusKm: number | null;
    location: { latitude: number; longitude: number } | null;
  } | null;
};

/** The pickup and delivery terms of these shops, by shop id (every shop asked for is in the map). */
export async function shopTerms(db: Tx, shopIds: string[]): Promise<Map<string, ShopTerms>> {
  const ids = [...new Set(shopIds)];
  if (ids.length === 0) return new Map();
  const [settings, withPoints, shops] = await Promise.all([
    db.select().from(fulfilmentSettings).where(inArray(fulfilmentSettings.shopId, ids)),
    db
      .selectDistinct({ shopId: pickupPoints.shopId })
      .from(pickupPoints)
      .where(and(inArray(pickupPoints.shopId, ids), isNull(pickupPoints.retiredAt))),
    shopsByVendorIds(db, ids),
  ]);
  const settingsOf = new Map(settings.map((s) => [s.shopId, s]));
  const pickup = new Set(withPoints.map((p) => p.shopId));
  return new Map(
    ids.map((id) => {
      const row = settingsOf.get(id);
      const shop = shops.get(id);
      const location =
        shop?.latitude == null || shop.longitude == null
          ? null
          : { latitude: shop.latitude, longitude: shop.longitude };
      const terms: ShopTerms = {
        timeZone: row?.timeZone ?? null,
        pickup: pickup.has(id),
        delivery: row?.deliveryOffered
          ? {
              feeCents: row.deliveryFeeCents,
              freeOverCents: row.freeDeliveryOverCents,
              minimumOrderCents: row.minimumOrderCents,
              postcodes: row.deliveryPostcodes,
              radiusKm: row.deliveryRadiusKm,
              location,
            }
          : null,
      };
      return [id, terms];
    }),
  );
}

/** A slot chosen for a shop, as it stands at a moment, with its shop's zone and a label for sentences. */
export type ChosenSlot = Slot & {
  windowId: string;
  date: string;
  timeZone: string;
  /** `Sat 28 Nov, 09:00–12:00` in the shop's zone. */
  label: string;
};

export type SlotPick = { shopId: string; windowId: string; date: string };

/** `Sat 28 Nov, 09:00–12:00`: how a sentence names a slot, in the shop's zone. */
export function slotLabel(slot: Pick<Slot, 'start' | 'end'>, timeZone: string): string {
  const at = (iso: string) => Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone);
  const start = at(slot.start);
  const day = start.toPlainDate().toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
  const time = (t: Temporal.ZonedDateTime) => t.toPlainTime().toString().slice(0, 5);
  return `${day.replace(',', '')}, ${time(start)}–${time(at(slot.end))}`;
}

/**
 * The slots of these picks as they stand at `now` (places left, closed, cancelled), in the order asked; undefined
 * for a pick that is not a slot of its shop now: another shop's or a retired window, a day the window is not on,
 * or a day ordering is not open for yet.
 */
export async function describeSlots(db: Tx, picks: SlotPick[], now: Date): Promise<(ChosenSlot | undefined)[]> {
  const windowIds = [...new Set(picks.map((p) => p.windowId))];
  if (windowIds.length === 0) return [];
  const dates = [...new Set(picks.map((p) => p.date))].sort();
  const windows = await db
    .select()
    .from(fulfilmentWindows)
    .where(and(inArray(fulfilmentWindows.id, windowIds), isNull(fulfilmentWindows.retiredAt)));
  const shopIds = [...new Set(windows.map((w) => w.shopId))];
  const pointIds = windows.flatMap((w) => (w.pickupPointId ? [w.pickupPointId] : []));
  const [settings, points, booked, cancelled, closedDays] = await Promise.all([
    shopIds.length === 0 ? [] : db.select().from(fulfilmentSettings).where(inArray(fulfilmentSettings.shopId, shopIds)),
    pointIds.length === 0 ? [] : db.select().from(pickupPoints).where(inArray(pickupPoints.id, pointIds)),
    placesTaken(db, windowIds, dates[0], dates.at(-1) ?? dates[0]),
    db
      .select({ windowId: windowCancellations.windowId, date: windowCancellations.date })
      .from(windowCancellations)
      .where(and(inArray(windowCancellations.windowId, windowIds), inArray(windowCancellations.date, dates))),
    holidaysOver(db, shopIds, dates[0], dates.at(-1) ?? dates[0]),
  ]);
  const windowOf = new Map(windows.map((w) => [w.id, w]));
  const settingsOf = new Map(settings.map((s) => [s.shopId, s]));
  const pointOf = new Map(points.map((p) => [p.id, { id: p.id, name: p.name, address: p.address }]));
  const state = {
    booked: new Map(booked.map((b) => [slotKey(b.windowId, b.date), b.booked])),
    cancelled: new Set([
      ...cancelled.map((c) => slotKey(c.windowId, c.date)),
      ...windows.flatMap((w) =>
        dates.filter((date) => holidayOn(closedDays, w.shopId, date)).map((date) => slotKey(w.id, date)),
      ),
    ]),
    now,
  };
  return picks.map((pick) => {
    const window = windowOf.get(pick.windowId);
    const terms = settingsOf.get(pick.shopId);
    if (!window || !terms || window.shopId !== pick.shopId) return undefined;
    if (window.kind === 'delivery' && !terms.deliveryOffered) return undefined;
    const day = Temporal.PlainDate.from(pick.date);
    const last = dayIn(terms.timeZone, now).add({ days: terms.horizonDays });
    if (Temporal.PlainDate.compare(day, last) > 0) return undefined;
    const pickupPoint = window.pickupPointId ? (pointOf.get(window.pickupPointId) ?? null) : null;
    const [slot] = slotsBetween(terms, [{ ...window, pickupPoint }], { from: day, to: day }, state, encodeSlotId);
    return (
      slot && {
        ...slot,
        windowId: window.id,
        date: pick.date,
        timeZone: terms.timeZone,
        label: slotLabel(slot, terms.timeZone),
      }
    );
  });
}

/** Where a postcode is for a shop's delivery area: inside it, outside it, or (radius only) not on our map. */
export type AreaCheck = 'inside' | 'outside' | 'unplaced';

/**
 * Whether the shop delivers to a postcode: one of its postcodes (a ZIP+4 counts as its ZIP), or within its radius
 * of the shop's location, placed by the postcode's coordinates (docs/decisions/017-postcode-coordinates.md).
 */
export function checkArea(delivery: NonNullable<ShopTerms['delivery']>, postcode: string): AreaCheck {
  const code = normalizePostcode(postcode);
  const zip = /^(\d{5})(-\d{4})?$/.exec(code)?.[1];
  const listed = new Set(delivery.postcodes.map(normalizePostcode));
  if (listed.has(code) || (zip && listed.has(zip))) return 'inside';
  if (delivery.radiusKm === null || !delivery.location) return 'outside';
  const place = placePostcode(code);
  if (!place) return delivery.postcodes.length > 0 ? 'outside' : 'unplaced';
  return greatCircleKm(delivery.location, place) <= delivery.radiusKm ? 'inside' : 'outside';
}

/** Why a slot cannot be paid for: the code and the sentence the shopper reads. */
export type SlotRefusal = { code: 'SLOT_CLOSED' | 'SLOT_FULL'; message: string };

/** Why a slot cannot take one more order now; null when it can. */
export function slotRefusal(slot: ChosenSlot | undefined, shopName: string): SlotRefusal | null {
  const closed = (message: string) => ({ code: 'SLOT_CLOSED' as const, message });
  if (!slot) return closed(`The time you chose at ${shopName} is no longer offered: please choose another`);
  switch (slot.status) {
    case 'cancelled':
      return closed(`${shopName} cancelled ${slot.label}: please choose another time`);
    case 'closed':
      return closed(`Ordering for ${slot.label} at ${shopName} has closed: please choose another time`);
    case 'full':
      return { code: 'SLOT_FULL', message: `${slot.label} at ${shopName} is full: please choose another time` };
    default:
      return null;
  }
}

export type Booking = SlotPick & { shopName: string; shopperId: string; orderId: string };

/**
 * Books one place per booking in the caller's transaction, as the slots stood at `at` (when the payment was made):
 * each window's row is locked before its live bookings are counted, so a slot never takes more orders than its
 * capacity. The locks are taken in id order (two checkouts never deadlock) and are FOR NO KEY UPDATE: they queue
 * bookers of one window but not the rows that only reference it (the order's fulfilment, a cart's choice), whose
 * key-share locks a FOR UPDATE would wait on. Throws SLOT_CLOSED or SLOT_FULL (AppError)
 * when one cannot take it; answers the slots booked, in the order given.
 */
export async function bookSlots(tx: Tx, bookings: Booking[], at: Date): Promise<ChosenSlot[]> {
  if (bookings.length === 0) return [];
  const windowIds = [...new Set(bookings.map((b) => b.windowId))].sort();
  await tx
    .select({ id: fulfilmentWindows.id })
    .from(fulfilmentWindows)
    .where(inArray(fulfilmentWindows.id, windowIds))
    .orderBy(asc(fulfilmentWindows.id))
    .for('no key update');
  const slots = await describeSlots(tx, bookings, at);
  // Two shops' parts never share a window, so one place per booking is checked against what is left.
  const booked: ChosenSlot[] = [];
  for (const [i, booking] of bookings.entries()) {
    const slot = slots[i];
    const refusal = slotRefusal(slot, booking.shopName);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    booked.push(slot as ChosenSlot);
  }
  await tx
    .insert(slotBookings)
    .values(bookings.map((b) => ({ windowId: b.windowId, date: b.date, shopperId: b.shopperId, orderId: b.orderId })));
  return booked;
}

import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { z } from 'zod';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import {
  type Cancellation,
  type cancellationInput,
  DEFAULT_CUTOFF_HOURS,
  DEFAULT_HORIZON_DAYS,
  type FulfilmentSettings,
  type FulfilmentWindow,
  type fulfilmentSettingsInput,
  WEEKDAYS,
} from '#contract/slots.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { setShopLocation, shopOf } from '../shops/index.ts';
import { type OrderNumbersOf, tellBookedShoppers } from './cancel-notice.ts';
import { closuresOf } from './closure-groups.ts';
import { holidayClosures, holidaysFrom } from './holidays.ts';
import { placeOfShopZip, shopZip } from './shop-place.ts';
import { dayIn } from './slot-times.ts';
import { fulfilmentSettings, fulfilmentWindows, pickupPoints, slotBookings, windowCancellations } from './tables.ts';

type SettingsInput = z.output<typeof fulfilmentSettingsInput>;
type WindowInput = SettingsInput['pickupPoints'][number]['windows'][number];
type WindowRow = typeof fulfilmentWindows.$inferSelect;

/** Only the shop's vendor and admins manage its fulfilment. */
export function assertManagesShop(user: { id: string; role: string }, shopId: string): void {
  if (user.role !== 'admin' && user.id !== shopId) throw forbidden('You can only manage your own shop');
}

/** The shop's saved settings row, or what a shop that saved none gets (nothing offered yet). */
export async function settingsRow(db: Tx, shopId: string, defaultTimeZone: string) {
  const [row] = await db.select().from(fulfilmentSettings).where(eq(fulfilmentSettings.shopId, shopId));
  return (
    row ?? {
      shopId,
      timeZone: defaultTimeZone,
      cutoffHours: DEFAULT_CUTOFF_HOURS,
      horizonDays: DEFAULT_HORIZON_DAYS,
      deliveryOffered: false,
      deliveryPostcodes: [],
      deliveryRadiusKm: null,
      deliveryFeeCents: 0,
      freeDeliveryOverCents: null,
      minimumOrderCents: 0,
    }
  );
}

/** The shop's windows in use, in the order the vendor gave them. */
export const liveWindows = (db: Tx, shopId: string) =>
  db
    .select()
    .from(fulfilmentWindows)
    .where(and(eq(fulfilmentWindows.shopId, shopId), isNull(fulfilmentWindows.retiredAt)))
    .orderBy(asc(fulfilmentWindows.position));

/** The shop's pickup points in use, in the vendor's order. */
export const livePickupPoints = (db: Tx, shopId: string) =>
  db
    .select()
    .from(pickupPoints)
    .where(and(eq(pickupPoints.shopId, shopId), isNull(pickupPoints.retiredAt)))
    .orderBy(asc(pickupPoints.position));

/** Live bookings of these windows from `fromDate` on, by window and date. */
export const bookingCounts = (db: Tx, windowIds: string[], fromDate: string, toDate?: string) =>
  windowIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ windowId: slotBookings.windowId, date: slotBookings.date, booked: count() })
        .from(slotBookings)
        .where(
          and(
            inArray(slotBookings.windowId, windowIds),
            gte(slotBookings.date, fromDate),
            toDate ? sql`${slotBookings.date} <= ${toDate}` : undefined,
            isNull(slotBookings.cancelledAt),
          ),
        )
        .groupBy(slotBookings.windowId, slotBookings.date);

const weekdayName = (weekday: number) => WEEKDAYS[weekday - 1];
const hhmm = (time: string) => time.slice(0, 5);

const toWindow = (row: WindowRow): FulfilmentWindow => ({
  id: row.id,
  weekday: weekdayName(row.weekday),
  start: hhmm(row.startTime),
  end: hhmm(row.endTime),
  endsNextDay: row.endsNextDay,
  capacity: row.capacity,
});

/** The shop's settings as the dashboard edits them, with the cancellations from today on. */
export async function readSettings(
  db: Tx,
  shopId: string,
  defaultTimeZone: string,
  now: Date,
): Promise<FulfilmentSettings> {
  const shop = await shopOf(db, shopId);
  if (!shop) throw notFound('Shop');
  const [settings, points, windows] = await Promise.all([
    settingsRow(db, shopId, defaultTimeZone),
    livePickupPoints(db, shopId),
    liveWindows(db, shopId),
  ]);
  const today = dayIn(settings.timeZone, now).toString();
  const [cancellations, holidays, booked] = await Promise.all([
    cancellationsFrom(db, windows, today),
    holidaysFrom(db, shopId, today),
    bookingCounts(
      db,
      windows.map((w) => w.id),
      today,
    ),
  ]);
  const location =
    shop.latitude === null || shop.longitude === null ? null : { latitude: shop.latitude, longitude: shop.longitude };
  return {
    shopId,
    timeZone: settings.timeZone,
    cutoffHours: settings.cutoffHours,
    horizonDays: settings.horizonDays,
    location,
    ...shopZip(location, shop.address, shop.postcode),
    pickupPoints: points.map((point) => ({
      id: point.id,
      name: point.name,
      address: point.address,
      windows: windows.filter((w) => w.pickupPointId === point.id).map(toWindow),
    })),
    delivery: settings.deliveryOffered
      ? {
          postcodes: settings.deliveryPostcodes,
          radiusKm: settings.deliveryRadiusKm,
          fee: centsToDollars(settings.deliveryFeeCents),
          freeOver: settings.freeDeliveryOverCents === null ? null : centsToDollars(settings.freeDeliveryOverCents),
          minimumOrder: centsToDollars(settings.minimumOrderCents),
          windows: windows.filter((w) => w.kind === 'delivery').map(toWindow),
        }
      : null,
    cancellations: cancellations.map(({ createdAt: _, ...cancellation }) => cancellation),
    closures: [...holidayClosures(holidays, windows, booked), ...closuresOf(cancellations, windows)].sort((a, b) =>
      a.from.localeCompare(b.from),
    ),
  };
}

async function cancellationsFrom(
  db: Tx,
  windows: WindowRow[],
  today: string,
): Promise<(Cancellation & { createdAt: Date })[]> {
  const ids = windows.map((w) => w.id);
  if (ids.length === 0) return [];
  const [rows, booked] = await Promise.all([
    db
      .select()
      .from(windowCancellations)
      .where(and(inArray(windowCancellations.windowId, ids), gte(windowCancellations.date, today)))
      .orderBy(asc(windowCancellations.date), asc(windowCancellations.createdAt)),
    bookingCounts(db, ids, today),
  ]);
  const bookedOf = (windowId: string, date: string) =>
    booked.find((b) => b.windowId === windowId && b.date === date)?.booked ?? 0;
  return rows.map((row) => ({
    id: row.id,
    windowId: row.windowId,
    date: row.date,
    reason: row.reason,
    booked: bookedOf(row.windowId, row.date),
    createdAt: row.createdAt,
  }));
}

const windowValues = (window: WindowInput) => ({
  weekday: WEEKDAYS.indexOf(window.weekday) + 1,
  startTime: window.start,
  endTime: window.end,
  endsNextDay: window.endsNextDay,
  capacity: window.capacity,
});

/** `Saturday 09:00–12:00`: how a message names a window. */
export const describeWindow = (row: WindowRow) => {
  const day = weekdayName(row.weekday);
  return `${day[0].toUpperCase()}${day.slice(1)} ${hhmm(row.startTime)}–${hhmm(row.endTime)}`;
};

/**
 * Replaces the shop's settings in one transaction. Points and windows sent with their id are updated in place (so
 * their bookings stay theirs); those left out are retired, which a window with bookings still to come refuses.
 */
export async function saveSettings(
  db: Db,
  shopId: string,
  input: SettingsInput,
  options: { defaultTimeZone: string; now: Date },
): Promise<FulfilmentSettings> {
  await db.transaction((tx) => writeSettings(tx, shopId, input, options.now));
  return readSettings(db, shopId, options.defaultTimeZone, options.now);
}

/** `saveSettings` in the caller's transaction (the demo seed's). */
export async function writeSettings(tx: Tx, shopId: string, input: SettingsInput, now: Date): Promise<void> {
  if (!(await shopOf(tx, shopId))) throw notFound('Shop');
  const delivery = input.delivery;
  const values = {
    timeZone: input.timeZone,
    cutoffHours: input.cutoffHours,
    horizonDays: input.horizonDays,
    deliveryOffered: delivery !== null,
    deliveryPostcodes: [...new Set(delivery?.postcodes ?? [])],
    deliveryRadiusKm: delivery?.radiusKm ?? null,
    deliveryFeeCents: dollarsToCents(delivery?.fee ?? 0),
    freeDeliveryOverCents: delivery?.freeOver == null ? null : dollarsToCents(delivery.freeOver),
    minimumOrderCents: dollarsToCents(delivery?.minimumOrder ?? 0),
    updatedAt: new Date(),
  };
  // The settings row is the shop's lock: two saves of one shop run one after the other.
  await tx
    .insert(fulfilmentSettings)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: fulfilmentSettings.shopId, set: values });
  await setShopLocation(tx, shopId, input.postcode ? placeOfShopZip(input.postcode) : input.location, input.postcode);

  const [points, windows] = await Promise.all([livePickupPoints(tx, shopId), liveWindows(tx, shopId)]);
  assertKnownIds(input, new Set(points.map((p) => p.id)), new Set(windows.map((w) => w.id)));

  const keptWindows = new Set<string>();
  let position = 0;
  const saveWindow = async (window: WindowInput, pickupPointId: string | null) => {
    const row = {
      ...windowValues(window),
      kind: pickupPointId ? 'pickup' : 'delivery',
      pickupPointId,
      position,
    } as const;
    position += 1;
    if (window.id) {
      keptWindows.add(window.id);
      await tx.update(fulfilmentWindows).set(row).where(eq(fulfilmentWindows.id, window.id));
    } else await tx.insert(fulfilmentWindows).values({ shopId, ...row });
  };
  const keptPoints = new Set<string>();
  for (const [index, point] of input.pickupPoints.entries()) {
    const row = { name: point.name, address: point.address, position: index };
    let pointId = point.id;
    if (pointId) await tx.update(pickupPoints).set(row).where(eq(pickupPoints.id, pointId));
    else
      [{ id: pointId }] = await tx
        .insert(pickupPoints)
        .values({ shopId, ...row })
        .returning({ id: pickupPoints.id });
    keptPoints.add(pointId);
    for (const window of point.windows) await saveWindow(window, pointId);
  }
  for (const window of delivery?.windows ?? []) await saveWindow(window, null);

  const retired = windows.filter((w) => !keptWindows.has(w.id));
  await refuseRetiringBooked(tx, retired, dayIn(input.timeZone, now).toString());
  const retiredAt = new Date();
  if (retired.length > 0)
    await tx
      .update(fulfilmentWindows)
      .set({ retiredAt })
      .where(
        inArray(
          fulfilmentWindows.id,
          retired.map((w) => w.id),
        ),
      );
  const retiredPoints = points.filter((p) => !keptPoints.has(p.id)).map((p) => p.id);
  if (retiredPoints.length > 0)
    await tx.update(pickupPoints).set({ retiredAt }).where(inArray(pickupPoints.id, retiredPoints));
}

/** Ids sent must be the shop's own points and windows in use (never another shop's). */
function assertKnownIds(input: SettingsInput, pointIds: Set<string>, windowIds: Set<string>) {
  const fields: Record<string, string> = {};
  const check = (windows: WindowInput[], path: string) =>
    windows.forEach((window, i) => {
      if (window.id && !windowIds.has(window.id)) fields[`${path}.windows.${i}.id`] = 'Not a window of this shop';
    });
  input.pickupPoints.forEach((point, i) => {
    if (point.id && !pointIds.has(point.id)) fields[`pickupPoints.${i}.id`] = 'Not a pickup point of this shop';
    check(point.windows, `pickupPoints.${i}`);
  });
  check(input.delivery?.windows ?? [], 'delivery');
  const sent = [...input.pickupPoints.flatMap((p) => p.windows), ...(input.delivery?.windows ?? [])]
    .map((w) => w.id)
    .filter((id) => id !== undefined);
  if (new Set(sent).size !== sent.length) fields.windows = 'A window is sent twice';
  const [first] = Object.entries(fields);
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, fields);
}

async function refuseRetiringBooked(tx: Tx, retired: WindowRow[], today: string) {
  const booked = await bookingCounts(
    tx,
    retired.map((w) => w.id),
    today,
  );
  const [first] = booked;
  if (!first) return;
  const window = retired.find((w) => w.id === first.windowId) as WindowRow;
  throw conflict(
    `The ${describeWindow(window)} window has bookings on ${first.date}: keep it, or cancel its dates instead of removing it`,
  );
}

/** Cancels the window's slot on one date (from today on, on the window's weekday); answers who had booked it. */
export async function cancelSlot(
  db: Db,
  shopId: string,
  input: z.output<typeof cancellationInput>,
  options: { defaultTimeZone: string; now: Date; orderNumbersOf?: OrderNumbersOf },
): Promise<Cancellation> {
  const [window] = await db
    .select()
    .from(fulfilmentWindows)
    .where(
      and(
        eq(fulfilmentWindows.id, input.windowId),
        eq(fulfilmentWindows.shopId, shopId),
        isNull(fulfilmentWindows.retiredAt),
      ),
    );
  if (!window) throw notFound('Window');
  const { timeZone } = await settingsRow(db, shopId, options.defaultTimeZone);
  const date = input.date;
  if (date < dayIn(timeZone, options.now).toString())
    throw badRequest('date: The date is in the past', { date: 'The date is in the past' });
  if (Temporal.PlainDate.from(date).dayOfWeek !== window.weekday) {
    const message = `The ${describeWindow(window)} window is not on that day`;
    throw badRequest(`date: ${message}`, { date: message });
  }
  const row = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .insert(windowCancellations)
      .values({ windowId: window.id, date, reason: input.reason })
      .onConflictDoNothing()
      .returning();
    if (cancelled) {
      await tellBookedShoppers(tx, shopId, window.id, date, describeWindow(window), options.orderNumbersOf);
    }
    return cancelled;
  });
  if (!row) throw conflict(`The ${describeWindow(window)} window is already cancelled on ${date}`);
  const [booked] = await bookingCounts(db, [window.id], date, date);
  return { id: row.id, windowId: row.windowId, date: row.date, reason: row.reason, booked: booked?.booked ?? 0 };
}

/** Takes a cancellation of one of the shop's windows back; answers how many were taken back (1). */
export async function uncancelSlot(db: Db, shopId: string, id: string): Promise<number> {
  const deleted = await db
    .delete(windowCancellations)
    .where(
      and(
        eq(windowCancellations.id, id),
        inArray(
          windowCancellations.windowId,
          db.select({ id: fulfilmentWindows.id }).from(fulfilmentWindows).where(eq(fulfilmentWindows.shopId, shopId)),
        ),
      ),
    )
    .returning({ id: windowCancellations.id });
  if (deleted.length === 0) throw notFound('Cancellation');
  return deleted.length;
}

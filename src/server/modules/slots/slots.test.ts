import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FulfilmentSettingsInput, Slot, WindowInput } from '#contract/slots.ts';
import { buildTestApp, createTestDatabase, madeBeforeAll } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { shops } from '../shops/tables.ts';
import { decodeSlotId } from './index.ts';
import { slotBookings } from './tables.ts';

const ZONE = 'America/Los_Angeles';
/** An instant given as wall-clock time in the shops' zone. */
const local = (text: string) => new Date(Temporal.PlainDateTime.from(text).toZonedDateTime(ZONE).epochMilliseconds);

/** The app's clock: each test sets it, nothing waits. */
let clock = local('2027-03-05T12:00');
const t = madeBeforeAll(async () => {
  const database = await createTestDatabase();
  const app = await buildTestApp(database.url, {}, { now: () => clock });
  const close = async () => {
    await app.close();
    await database.drop();
  };
  return { ...app, close };
});
afterAll(() => t.close());

const vendor = setupUser(t, { role: 'vendor' });
const otherVendor = setupUser(t, { role: 'vendor' });
const admin = setupUser(t, { role: 'admin' });
const customer = setupUser(t, { role: 'customer' });

const settingsUrl = (shopId: string) => `/api/shops/${shopId}/fulfilment`;
const getSettings = (user: TestUser | null, shopId = vendor.id) =>
  t.app.inject({ method: 'GET', url: settingsUrl(shopId), headers: user?.auth });
const putSettings = (user: TestUser | null, body: unknown, shopId = vendor.id) =>
  t.app.inject({ method: 'PUT', url: settingsUrl(shopId), headers: user?.auth, payload: body as object });
const slotsOf = async (shopId: string, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/slots${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { timeZone: string; from: string; to: string; slots: Slot[] };
};

const MARKET: FulfilmentSettingsInput = {
  timeZone: ZONE,
  location: { latitude: 45.52, longitude: -122.68 },
  pickupPoints: [
    {
      name: 'Saturday market',
      address: 'SW Park Ave & SW Montgomery St, Portland',
      windows: [{ weekday: 'saturday', start: '09:00', end: '12:00', capacity: 3 }],
    },
  ],
  delivery: {
    postcodes: ['97214', '97215'],
    radiusKm: 8,
    fee: 6.5,
    freeOver: 60,
    minimumOrder: 25,
    windows: [{ weekday: 'wednesday', start: '16:00', end: '19:00', capacity: 12 }],
  },
};

/** A vendor of its own with these settings saved (each test its own shop, so none sees another's bookings). */
async function shopWith(settings: FulfilmentSettingsInput = MARKET) {
  const owner = await createUser(t, { role: 'vendor' });
  const saved = await putSettings(owner, settings, owner.id);
  expect(saved.statusCode, saved.body).toBe(200);
  return { owner, settings: saved.json() };
}

/** A pickup point open across midnight into Sunday and in the small hours of Sunday, and any more windows. */
const nightMarket = (...more: WindowInput[]): FulfilmentSettingsInput => ({
  timeZone: ZONE,
  pickupPoints: [
    {
      name: 'Night market',
      address: '1 Lantern Way',
      windows: [
        { weekday: 'saturday', start: '22:00', end: '02:00', endsNextDay: true, capacity: 4 },
        { weekday: 'sunday', start: '01:30', end: '02:30', capacity: 4 },
        ...more,
      ],
    },
  ],
});

describe("a shop's fulfilment settings", () => {
  beforeEach(() => {
    clock = local('2027-03-05T12:00');
  });

  it('are the shop vendor’s and the admins’ only: another vendor and a customer get 403, signed out 401', async () => {
    expect((await getSettings(null)).statusCode).toBe(401);
    expect((await putSettings(null, MARKET)).statusCode).toBe(401);
    expect((await getSettings(otherVendor)).statusCode).toBe(403);
    expect((await putSettings(otherVendor, MARKET)).statusCode).toBe(403);
    expect((await getSettings(customer)).statusCode).toBe(403);
    expect((await putSettings(vendor, MARKET)).statusCode).toBe(200);
    expect((await getSettings(vendor)).statusCode).toBe(200);
    const byAdmin = await putSettings(admin, { ...MARKET, cutoffHours: 36 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await getSettings(admin)).json()).toMatchObject({ cutoffHours: 36 });
    expect((await getSettings(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('start from the business time zone, a 24-hour cutoff, 14 days ahead and nothing offered', async () => {
    const fresh = await createUser(t, { role: 'vendor' });
    expect((await getSettings(fresh, fresh.id)).json()).toEqual({
      shopId: fresh.id,
      timeZone: t.config.businessTimeZone,
      cutoffHours: 24,
      horizonDays: 14,
      location: null,
      postcode: null,
      place: null,
      state: null,
      pickupPoints: [],
      delivery: null,
      cancellations: [],
      closures: [],
    });
    expect((await slotsOf(fresh.id)).slots).toEqual([]);
  });

  it('are saved whole and read back with ids; a window sent with its id keeps it', async () => {
    const { owner, settings } = await shopWith();
    expect(settings).toMatchObject({
      timeZone: ZONE,
      cutoffHours: 24,
      horizonDays: 14,
      location: { latitude: 45.52, longitude: -122.68 },
      pickupPoints: [
        {
          name: 'Saturday market',
          windows: [{ weekday: 'saturday', start: '09:00', end: '12:00', endsNextDay: false, capacity: 3 }],
        },
      ],
      delivery: { postcodes: ['97214', '97215'], radiusKm: 8, fee: 6.5, freeOver: 60, minimumOrder: 25 },
    });
    const point = settings.pickupPoints[0];
    const again = await putSettings(
      owner,
      { ...MARKET, pickupPoints: [{ ...point, windows: [{ ...point.windows[0], capacity: 5 }] }] },
      owner.id,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().pickupPoints[0]).toMatchObject({
      id: point.id,
      windows: [{ id: point.windows[0].id, capacity: 5 }],
    });
  });

  it('answer each mistake in the one error shape, with the field it is about', async () => {
    const window = { weekday: 'saturday', start: '09:00', end: '12:00', capacity: 3 };
    const point = (w: object) => ({ ...MARKET, pickupPoints: [{ name: 'Market', address: 'Main St', windows: [w] }] });
    const cases: [unknown, string, string][] = [
      [point({ ...window, end: '08:00' }), 'pickupPoints.0.windows.0.end', 'The end must be after the start'],
      [point({ ...window, capacity: 0 }), 'pickupPoints.0.windows.0.capacity', 'The capacity is at least 1 order'],
      [point({ ...window, start: '25:00' }), 'pickupPoints.0.windows.0.start', 'Enter a time such as 09:00'],
      [point({ ...window, weekday: 'someday' }), 'pickupPoints.0.windows.0.weekday', 'Choose a day of the week'],
      [point({ ...window, end: '10:00', endsNextDay: true }), 'pickupPoints.0.windows.0.end', 'ends at or before'],
      [
        { ...MARKET, pickupPoints: [{ name: 'Market', address: 'Main St', windows: [] }] },
        'pickupPoints.0.windows',
        'Add at least one pickup time',
      ],
      [
        { ...MARKET, delivery: { ...MARKET.delivery, postcodes: [], radiusKm: null } },
        'delivery.postcodes',
        'Add at least one postcode or a radius',
      ],
      [{ ...MARKET, location: null }, 'delivery.radiusKm', "measured from the shop's place"],
      [{ ...MARKET, timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'Choose a time zone such as America/Los_Angeles'],
      [{ ...MARKET, delivery: { ...MARKET.delivery, fee: -1 } }, 'delivery.fee', 'Cannot be negative'],
      [{ ...MARKET, cutoffHours: 48, horizonDays: 2 }, 'cutoffHours', 'Ordering must close within the days it is open'],
    ];
    for (const [body, field, message] of cases) {
      const response = await putSettings(vendor, body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
      expect(response.json().error.fields[field], response.body).toContain(message);
    }
  });

  it("refuse another shop's window id, and removing a window that still has bookings to come", async () => {
    const mine = await shopWith();
    const theirs = await shopWith();
    const foreign = theirs.settings.pickupPoints[0].windows[0].id;
    const hijack = await putSettings(
      mine.owner,
      { ...MARKET, delivery: { ...MARKET.delivery, windows: [{ ...MARKET.delivery?.windows[0], id: foreign }] } },
      mine.owner.id,
    );
    expect(hijack.statusCode).toBe(400);
    expect(hijack.json().error.fields).toEqual({ 'delivery.windows.0.id': 'Not a window of this shop' });

    const saturday = mine.settings.pickupPoints[0].windows[0].id;
    await t.db.insert(slotBookings).values({ windowId: saturday, date: '2027-03-13', shopperId: customer.id });
    const removed = await putSettings(mine.owner, { ...MARKET, pickupPoints: [] }, mine.owner.id);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.message).toBe(
      'The Saturday 09:00–12:00 window has bookings on 2027-03-13: keep it, or cancel its dates instead of removing it',
    );
    clock = local('2027-03-14T08:00');
    expect((await putSettings(mine.owner, { ...MARKET, pickupPoints: [] }, mine.owner.id)).statusCode).toBe(200);
    expect((await slotsOf(mine.owner.id)).slots.every((slot) => slot.kind === 'delivery')).toBe(true);
  });
});

describe("a shop's place, from its ZIP code", () => {
  const { location: _, ...byZip } = MARKET;

  it('is the centre of the ZIP code, named by its town and state; the ZIP reads back', async () => {
    const { owner, settings } = await shopWith({ ...byZip, postcode: ' 97031-1234 ' });
    expect(settings).toMatchObject({
      location: { latitude: 45.610947, longitude: -121.601374 },
      postcode: '97031',
      place: 'Hood River, OR',
      state: 'OR',
    });
    expect((await getSettings(owner, owner.id)).json()).toMatchObject({ postcode: '97031', place: 'Hood River, OR' });
    const moved = await putSettings(owner, { ...byZip, postcode: '98101' }, owner.id);
    expect(moved.json()).toMatchObject({ postcode: '98101', place: 'Seattle, WA', state: 'WA' });
  });

  it('keeps the ZIP code the vendor typed, and forgets it once the shop is placed by coordinates', async () => {
    const { owner } = await shopWith({ ...byZip, postcode: '97031' });
    const stored = async () => (await t.db.select().from(shops).where(eq(shops.vendorId, owner.id)))[0].postcode;
    expect(await stored()).toBe('97031');
    const placed = await putSettings(
      owner,
      { ...MARKET, location: { latitude: 45.5202, longitude: -122.6742 } },
      owner.id,
    );
    expect(placed.json()).toMatchObject({ postcode: '97204', place: 'Portland, OR' });
    expect(await stored()).toBeNull();
  });

  it('reads back the nearest ZIP code for a shop placed by coordinates', async () => {
    const { settings } = await shopWith({ ...MARKET, location: { latitude: 45.5202, longitude: -122.6742 } });
    expect(settings).toMatchObject({ postcode: '97204', place: 'Portland, OR', state: 'OR' });
  });

  it('refuses a ZIP code it cannot place and one that is not a ZIP code, on the postcode field', async () => {
    const cases: [object, string][] = [
      [{ ...byZip, postcode: '00000' }, 'We could not find ZIP code 00000: check it, or enter a nearby one'],
      [{ ...byZip, postcode: 'SW1A 1AA' }, "Enter your shop's 5-digit ZIP code, like 97031"],
      [{ ...MARKET, postcode: '97031' }, 'Send a ZIP code or a location, not both'],
    ];
    for (const [body, message] of cases) {
      const response = await putSettings(vendor, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toEqual({ postcode: message });
    }
  });
});

describe("a shop's slots", () => {
  beforeEach(() => {
    clock = local('2027-03-05T12:00');
  });

  it('list pickup and delivery slots with the fee, capacity and closing time, times with the shop’s offset', async () => {
    const { owner, settings } = await shopWith();
    const list = await slotsOf(owner.id, '?from=2027-03-06&to=2027-03-10');
    expect(list).toMatchObject({ timeZone: ZONE, from: '2027-03-06', to: '2027-03-10' });
    expect(list.slots).toEqual([
      {
        id: expect.any(String),
        kind: 'pickup',
        pickupPoint: {
          id: settings.pickupPoints[0].id,
          name: 'Saturday market',
          address: MARKET.pickupPoints?.[0].address,
        },
        start: '2027-03-06T09:00:00-08:00',
        end: '2027-03-06T12:00:00-08:00',
        closesAt: '2027-03-05T09:00:00-08:00',
        capacity: 3,
        remaining: 3,
        fee: 0,
        status: 'closed',
      },
      {
        id: expect.any(String),
        kind: 'delivery',
        pickupPoint: null,
        start: '2027-03-10T16:00:00-08:00',
        end: '2027-03-10T19:00:00-08:00',
        closesAt: '2027-03-09T16:00:00-08:00',
        capacity: 12,
        remaining: 12,
        fee: 6.5,
        status: 'open',
      },
    ]);
  });

  it('are right across the spring-forward night, crossing midnight too', async () => {
    const { owner } = await shopWith(nightMarket({ weekday: 'sunday', start: '09:00', end: '10:00', capacity: 4 }));
    const times = (await slotsOf(owner.id, '?from=2027-03-13&to=2027-03-14')).slots.map((s) => [
      s.start,
      s.end,
      s.closesAt,
    ]);
    expect(times).toEqual([
      // 02:00 does not exist that night: the window ends at 03:00 PDT, four hours after it started.
      ['2027-03-13T22:00:00-08:00', '2027-03-14T03:00:00-07:00', '2027-03-12T22:00:00-08:00'],
      // 02:30 does not exist: the window ends an hour after 01:30 PST, at 03:30 PDT.
      ['2027-03-14T01:30:00-08:00', '2027-03-14T03:30:00-07:00', '2027-03-13T01:30:00-08:00'],
      // Ordering closes 24 real hours before: with the hour lost that night, 08:00 on Saturday's clock.
      ['2027-03-14T09:00:00-07:00', '2027-03-14T10:00:00-07:00', '2027-03-13T08:00:00-08:00'],
    ]);
  });

  it('are right across the fall-back night, crossing midnight too', async () => {
    clock = local('2027-11-01T12:00');
    const { owner } = await shopWith(nightMarket());
    const times = (await slotsOf(owner.id, '?from=2027-11-06&to=2027-11-07')).slots.map((s) => [s.start, s.end]);
    expect(times).toEqual([
      // Five real hours: 01:00-02:00 comes twice that night.
      ['2027-11-06T22:00:00-07:00', '2027-11-07T02:00:00-08:00'],
      // 01:30 comes twice: the window starts at the first (PDT) and ends at 02:30 PST, two real hours later.
      ['2027-11-07T01:30:00-07:00', '2027-11-07T02:30:00-08:00'],
    ]);
  });

  it('close for ordering the cutoff hours before they start', async () => {
    const { owner } = await shopWith();
    const saturday = async () => (await slotsOf(owner.id, '?from=2027-03-13&to=2027-03-13')).slots[0];
    clock = local('2027-03-12T08:59');
    expect(await saturday()).toMatchObject({ status: 'open', closesAt: '2027-03-12T09:00:00-08:00' });
    clock = local('2027-03-12T09:00');
    expect(await saturday()).toMatchObject({ status: 'closed' });
    clock = local('2027-03-05T12:00');
    await putSettings(owner, { ...MARKET, cutoffHours: 2 }, owner.id);
    clock = local('2027-03-13T06:59');
    expect(await saturday()).toMatchObject({ status: 'open', closesAt: '2027-03-13T07:00:00-08:00' });
  });

  it('open at most the horizon ahead: the range defaults to it and may not pass it', async () => {
    const { owner } = await shopWith({ ...MARKET, horizonDays: 10 });
    const list = await slotsOf(owner.id);
    expect([list.from, list.to]).toEqual(['2027-03-05', '2027-03-15']);
    expect(list.slots.map((s) => s.start.slice(0, 10))).toEqual(['2027-03-06', '2027-03-10', '2027-03-13']);
    const refused = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/shops/${owner.id}/slots${query}` });
      expect(response.statusCode).toBe(400);
      return response.json().error.fields;
    };
    expect(await refused('?to=2027-03-16')).toEqual({ to: 'Ordering opens 10 days ahead: 2027-03-15 at the latest' });
    expect(await refused('?from=2027-03-04')).toEqual({ from: 'From today (2027-03-05) on' });
    expect(await refused('?from=2027-03-10&to=2027-03-08')).toEqual({ to: 'The last day is before the first' });
    expect(await refused('?from=2027-02-30')).toEqual({ from: 'Enter a date such as 2026-12-01' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/shops/00000000-0000-4000-8000-000000000000/slots' });
    expect(missing.statusCode).toBe(404);
  });

  it('count bookings against the capacity: a full slot says so, a cancelled booking frees its place', async () => {
    const { owner, settings } = await shopWith();
    const windowId = settings.pickupPoints[0].windows[0].id;
    const book = (cancelledAt: Date | null = null) =>
      t.db.insert(slotBookings).values({ windowId, date: '2027-03-13', shopperId: customer.id, cancelledAt });
    const saturday = async () => (await slotsOf(owner.id, '?from=2027-03-13&to=2027-03-19')).slots;
    await book();
    await book(new Date());
    expect((await saturday()).map((s) => [s.start.slice(0, 10), s.remaining, s.status])).toEqual([
      ['2027-03-13', 2, 'open'],
      ['2027-03-17', 12, 'open'],
    ]);
    await book();
    await book();
    expect((await saturday())[0]).toMatchObject({ remaining: 0, status: 'full' });
  });

  it('have an opaque id, the same on every read, that names the window and the date', async () => {
    const { owner, settings } = await shopWith();
    const [first, second] = [await slotsOf(owner.id), await slotsOf(owner.id)];
    expect(first.slots.map((s) => s.id)).toEqual(second.slots.map((s) => s.id));
    expect(new Set(first.slots.map((s) => s.id)).size).toBe(first.slots.length);
    const saturday = first.slots.find((s) => s.start.startsWith('2027-03-13')) as Slot;
    expect(decodeSlotId(saturday.id)).toEqual({ windowId: settings.pickupPoints[0].windows[0].id, date: '2027-03-13' });
    expect(decodeSlotId(`${saturday.id.slice(0, -1)}${saturday.id.endsWith('A') ? 'B' : 'A'}`)).not.toEqual(
      decodeSlotId(saturday.id),
    );
    expect(decodeSlotId('not-a-slot')).toBeUndefined();
  });

  it('leave delivery out when the shop stops delivering', async () => {
    const { owner } = await shopWith();
    await putSettings(owner, { ...MARKET, delivery: null }, owner.id);
    const list = await slotsOf(owner.id);
    expect(list.slots.map((s) => s.kind)).toEqual(['pickup', 'pickup']);
    expect((await getSettings(owner, owner.id)).json().delivery).toBeNull();
  });
});

describe('a cancelled date (holiday)', () => {
  beforeEach(() => {
    clock = local('2027-03-05T12:00');
  });
  const cancellations = (shopId: string) => `/api/shops/${shopId}/fulfilment/cancellations`;

  it('refuses new bookings for that date, says who had booked, and can be taken back', async () => {
    const { owner, settings } = await shopWith();
    const windowId = settings.pickupPoints[0].windows[0].id;
    await t.db.insert(slotBookings).values({ windowId, date: '2027-03-13', shopperId: customer.id });
    const cancel = (user: TestUser, payload: object, shopId = owner.id) =>
      t.app.inject({ method: 'POST', url: cancellations(shopId), headers: user.auth, payload });

    const made = await cancel(owner, { windowId, date: '2027-03-13', reason: 'Market closed for the parade' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({
      id: expect.any(String),
      windowId,
      date: '2027-03-13',
      reason: 'Market closed for the parade',
      booked: 1,
    });
    const saturday = async () => (await slotsOf(owner.id, '?from=2027-03-13&to=2027-03-13')).slots[0];
    expect(await saturday()).toMatchObject({ status: 'cancelled', remaining: 2 });
    expect((await getSettings(owner, owner.id)).json().cancellations).toEqual([made.json()]);

    expect((await cancel(owner, { windowId, date: '2027-03-13' })).statusCode).toBe(409);
    expect((await cancel(otherVendor, { windowId, date: '2027-03-20' })).statusCode).toBe(403);
    expect((await cancel(otherVendor, { windowId, date: '2027-03-20' }, otherVendor.id)).statusCode).toBe(404);
    const wrongDay = await cancel(owner, { windowId, date: '2027-03-14' });
    expect(wrongDay.json().error.fields).toEqual({ date: 'The Saturday 09:00–12:00 window is not on that day' });
    const past = await cancel(owner, { windowId, date: '2027-02-27' });
    expect(past.json().error.fields).toEqual({ date: 'The date is in the past' });

    const url = `${cancellations(owner.id)}/${made.json().id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: otherVendor.auth })).statusCode).toBe(403);
    const takenBack = await t.app.inject({ method: 'DELETE', url, headers: owner.auth });
    expect(takenBack.json()).toEqual({ deletedCount: 1 });
    expect(await saturday()).toMatchObject({ status: 'open' });
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin.auth })).statusCode).toBe(404);
  });
});

describe('a closure over a range of dates (a vacation)', () => {
  beforeEach(() => {
    clock = local('2027-03-05T12:00');
  });
  const closures = (shopId: string) => `/api/shops/${shopId}/fulfilment/closures`;

  it('is made once when the same range is sent twice at the same moment (a double click)', async () => {
    const { owner } = await shopWith();
    const close = () =>
      t.app.inject({
        method: 'POST',
        url: closures(owner.id),
        headers: owner.auth,
        payload: { from: '2027-04-01', to: '2027-04-10' },
      });
    const answers = await Promise.all([close(), close(), close()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('is one holiday over every window on every date in the range, listing the days it closes, taken back whole', async () => {
    const { owner, settings } = await shopWith();
    const saturday = settings.pickupPoints[0].windows[0].id;
    await t.db.insert(slotBookings).values({ windowId: saturday, date: '2027-03-13', shopperId: customer.id });
    const close = (user: TestUser, payload: object, shopId = owner.id) =>
      t.app.inject({ method: 'POST', url: closures(shopId), headers: user.auth, payload });

    const made = await close(owner, { from: '2027-03-10', to: '2027-03-20', reason: 'Family holiday' });
    expect(made.statusCode, made.body).toBe(201);
    const closure = made.json();
    expect(closure).toEqual({
      id: expect.any(String),
      from: '2027-03-10',
      to: '2027-03-20',
      allWindows: true,
      windowIds: [],
      reason: 'Family holiday',
      booked: 1,
      cancellationIds: [],
      days: ['2027-03-10', '2027-03-13', '2027-03-17', '2027-03-20'],
    });
    const statuses = async () =>
      (await slotsOf(owner.id, '?from=2027-03-06&to=2027-03-17')).slots.map((s) => [s.start.slice(0, 10), s.status]);
    expect(await statuses()).toEqual([
      ['2027-03-06', 'closed'],
      ['2027-03-10', 'cancelled'],
      ['2027-03-13', 'cancelled'],
      ['2027-03-17', 'cancelled'],
    ]);

    const one = await close(owner, { from: '2027-03-27', windowId: saturday });
    expect(one.json()).toMatchObject({
      from: '2027-03-27',
      to: '2027-03-27',
      allWindows: false,
      windowIds: [saturday],
      days: ['2027-03-27'],
    });
    const read = (await getSettings(owner, owner.id)).json();
    expect(read.closures.map((c: { from: string; to: string }) => [c.from, c.to])).toEqual([
      ['2027-03-10', '2027-03-20'],
      ['2027-03-27', '2027-03-27'],
    ]);
    expect(read.cancellations).toHaveLength(1);

    // A range that runs past a holiday is a holiday of its own; one inside a holiday is already closed.
    const overlapping = await close(owner, { from: '2027-03-20', to: '2027-03-24' });
    expect(overlapping.json()).toMatchObject({
      from: '2027-03-20',
      to: '2027-03-24',
      days: ['2027-03-20', '2027-03-24'],
    });
    expect((await close(owner, { from: '2027-03-12', to: '2027-03-19' })).statusCode).toBe(409);

    const url = `${closures(owner.id)}/${closure.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: otherVendor.auth })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${closures(otherVendor.id)}/${closure.id}`,
          headers: otherVendor.auth,
        })
      ).statusCode,
    ).toBe(404);
    const takenBack = await t.app.inject({ method: 'DELETE', url, headers: owner.auth });
    expect(takenBack.json()).toEqual({ deletedCount: 1 });
    expect((await statuses()).every(([day, status]) => day === '2027-03-06' || status === 'open')).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.auth })).statusCode).toBe(404);
    expect((await getSettings(owner, owner.id)).json().closures).toHaveLength(2);
  });

  it('closes the windows added after it too, and lists only the days a window falls on', async () => {
    const saturdays: FulfilmentSettingsInput = { ...MARKET, delivery: null, horizonDays: 30 };
    const { owner } = await shopWith(saturdays);
    const made = await t.app.inject({
      method: 'POST',
      url: closures(owner.id),
      headers: owner.auth,
      payload: { from: '2027-03-08', to: '2027-03-21' },
    });
    expect(made.json().days).toEqual(['2027-03-13', '2027-03-20']);

    // A Sunday window added afterwards is closed on the holiday's Sundays, not after it.
    const [point] = (await getSettings(owner, owner.id)).json().pickupPoints;
    const sunday = { weekday: 'sunday', start: '10:00', end: '12:00', capacity: 2 } as const;
    const saved = await putSettings(
      owner,
      { ...saturdays, pickupPoints: [{ ...point, windows: [...point.windows, sunday] }] },
      owner.id,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().closures[0].days).toEqual(['2027-03-13', '2027-03-14', '2027-03-20', '2027-03-21']);
    const list = await slotsOf(owner.id, '?from=2027-03-13&to=2027-03-28');
    expect(list.slots.map((s) => [s.start.slice(0, 10), s.status])).toEqual([
      ['2027-03-13', 'cancelled'],
      ['2027-03-14', 'cancelled'],
      ['2027-03-20', 'cancelled'],
      ['2027-03-21', 'cancelled'],
      ['2027-03-27', 'open'],
      ['2027-03-28', 'open'],
    ]);
  });

  it('refuses dates with no window, a range backwards or too long, and the past, on the field at fault', async () => {
    const { owner, settings } = await shopWith();
    const saturday = settings.pickupPoints[0].windows[0].id;
    const cases: [object, Record<string, string>][] = [
      [{ from: '2027-03-11', to: '2027-03-12' }, { to: 'None of your windows is on those dates' }],
      [{ from: '2027-03-11', windowId: saturday }, { from: 'The Saturday 09:00–12:00 window is not on that day' }],
      [{ from: '2027-03-12', to: '2027-03-11' }, { to: 'The last date is on or after the first' }],
      [{ from: '2027-03-12', to: '2027-07-12' }, { to: 'At most 92 days at a time' }],
      [{ from: '2027-03-01', to: '2027-03-12' }, { from: 'The date is in the past' }],
    ];
    for (const [payload, fields] of cases) {
      const response = await t.app.inject({ method: 'POST', url: closures(owner.id), headers: owner.auth, payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
  });
});

import { Temporal } from 'temporal-polyfill';
import { afterAll, expect } from 'vitest';
import type { CheckoutPlan } from '#contract/checkout-plan.ts';
import type { FulfilmentSettingsInput, Slot } from '#contract/slots.ts';
import { buildTestApp, createTestDatabase, madeBeforeAll, type TestContext } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';

export const ZONE = 'America/Los_Angeles';

/**
 * The tests' "now": noon of the next Friday in the shops' zone, counted from today (never a fixed date, which would
 * pass out of the slots' horizon by itself), so a Saturday window is tomorrow and still open.
 */
export function nextFridayNoon(): Date {
  const today = Temporal.Now.plainDateISO(ZONE);
  const friday = today.add({ days: (5 - today.dayOfWeek + 7) % 7 || 7 });
  return new Date(friday.toZonedDateTime({ timeZone: ZONE, plainTime: '12:00' }).epochMilliseconds);
}

/** The real app on a database of its own, reading "now" from `clock`: tests move the clock, nothing waits. */
export function setupClockedApp(clock: () => Date): TestContext {
  const t = madeBeforeAll(async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp(database.url, {}, { now: clock });
    return {
      ...app,
      close: async () => {
        await app.close();
        await database.drop();
      },
    };
  });
  afterAll(() => t.close());
  return t;
}

type PickupPointInput = NonNullable<FulfilmentSettingsInput['pickupPoints']>[number];
type DeliveryInput = NonNullable<FulfilmentSettingsInput['delivery']>;

/** Pickup on Saturday mornings, 3 orders each. */
export const SATURDAY_MARKET: PickupPointInput = {
  name: 'Saturday market',
  address: 'SW Park Ave & SW Montgomery St, Portland',
  windows: [{ weekday: 'saturday', start: '09:00', end: '12:00', capacity: 3 }],
};

/** Delivery on Wednesday afternoons to two Portland ZIP codes: $6.50, free from $60, from $25. */
export const PORTLAND_DELIVERY: DeliveryInput = {
  postcodes: ['97214', '97215'],
  radiusKm: null,
  fee: 6.5,
  freeOver: 60,
  minimumOrder: 25,
  windows: [{ weekday: 'wednesday', start: '16:00', end: '19:00', capacity: 12 }],
};

export const MARKET: FulfilmentSettingsInput = {
  timeZone: ZONE,
  location: { latitude: 45.52, longitude: -122.68 },
  pickupPoints: [SATURDAY_MARKET],
  delivery: PORTLAND_DELIVERY,
};

/** A vendor of its own with these settings saved. */
export async function shopWith(t: TestContext, settings: FulfilmentSettingsInput = MARKET): Promise<TestUser> {
  const owner = await createUser(t, { role: 'vendor' });
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/shops/${owner.id}/fulfilment`,
    headers: owner.auth,
    payload: settings,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return owner;
}

/** The shop's slots as the public list shows them now. */
export async function slotsOf(t: TestContext, shopId: string): Promise<Slot[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/slots` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().slots;
}

/** The shop's first slot of this kind that takes orders now. */
export async function openSlot(t: TestContext, shopId: string, kind: Slot['kind'] = 'pickup'): Promise<Slot> {
  const slot = (await slotsOf(t, shopId)).find((s) => s.kind === kind && s.status === 'open');
  if (!slot) throw new Error(`no open ${kind} slot`);
  return slot;
}

export const choose = (t: TestContext, user: TestUser | null, shopId: string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/cart/fulfilment/${shopId}`, headers: user?.auth, payload: body });

export const putAddress = (t: TestContext, user: TestUser | null, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/cart/delivery-address', headers: user?.auth, payload: body });

export async function planOf(t: TestContext, user: TestUser): Promise<CheckoutPlan> {
  const response = await t.app.inject({ method: 'GET', url: '/api/cart/fulfilment', headers: user.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

import type { APIRequestContext } from '@playwright/test';
import { dayFromToday, expect } from './fixtures.ts';
import { bearer, registerCustomer, tokenOf, unique } from './helpers.ts';

/** A journey's own new shop, opened by a new account: its id, name and token. */
export async function openNewShop(
  request: APIRequestContext,
  shop: { prefix: string; owner: string; name: string; address: string; phone: string; established?: string },
) {
  const owner = await registerCustomer(request, shop.prefix, { name: shop.owner });
  const name = `${shop.name} ${unique()}`;
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(owner.email)}`, {
    headers: bearer(owner.token),
    data: {
      shop: name,
      date: shop.established ?? '2015-04-01',
      address: shop.address,
      phone: shop.phone,
      image: '/favicon.svg',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const token = await tokenOf(request, owner);
  const me = await (await request.get('/api/users/me', { headers: bearer(token) })).json();
  return { id: me.id as string, name, token };
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * Opens the shop for pickup only at one point, on the weekday two days from now at each of `times` (UTC, ordering
 * closes 24 hours before): answers that date and the times' window ids.
 */
export async function pickupInTwoDays(
  request: APIRequestContext,
  shop: { id: string; token: string },
  point: { name: string; address: string },
  times: { start: string; end: string }[],
) {
  const date = dayFromToday(2);
  const weekday = WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
  const settings = await request.put(`/api/shops/${shop.id}/fulfilment`, {
    headers: bearer(shop.token),
    data: {
      timeZone: 'UTC',
      cutoffHours: 24,
      pickupPoints: [{ ...point, windows: times.map((time) => ({ weekday, ...time, capacity: 20 })) }],
      delivery: null,
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const windowIds: string[] = (await settings.json()).pickupPoints[0].windows.map((w: { id: string }) => w.id);
  return { date, windowIds };
}

/** A new shop of its own with a pickup point open on Saturdays and Wednesdays; answers its id, name and token. */
export async function freshShop(request: APIRequestContext) {
  const { id, name, token } = await openNewShop(request, {
    prefix: 'plans',
    owner: 'Ana Furrow',
    name: 'Furrow Farm',
    address: '3 Furrow Lane, Salem',
    phone: '+1 503 555 0142',
  });
  const settings = await request.put(`/api/shops/${id}/fulfilment`, {
    headers: bearer(token),
    data: {
      timeZone: 'America/Los_Angeles',
      location: { latitude: 44.94, longitude: -123.03 },
      pickupPoints: [
        {
          name: 'Riverside Market',
          address: '1 River Road, Salem',
          windows: [
            { weekday: 'saturday', start: '09:00', end: '13:00', capacity: 30 },
            { weekday: 'wednesday', start: '15:00', end: '18:00', capacity: 10 },
          ],
        },
      ],
      delivery: null,
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  return { id, name, token };
}

/** A weekly box of the shop at its Saturday market, by the API; answers the plan's id. */
export async function weeklyBox(request: APIRequestContext, shop: { id: string; token: string }, name: string) {
  const choices = await (
    await request.get(`/api/shops/${shop.id}/subscription-plan-choices`, { headers: bearer(shop.token) })
  ).json();
  const saturday = choices.windows.find((w: { label: string }) => w.label.startsWith('Saturday'));
  const made = await request.post(`/api/shops/${shop.id}/subscription-plans`, {
    headers: bearer(shop.token),
    data: {
      name,
      kind: 'box',
      boxValue: 30,
      boxContents: 'Salad greens\nCarrots\nPotatoes',
      frequency: 'weekly',
      billing: 'per_delivery',
      discountPercent: 10,
      windowIds: [saturday.id],
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return (await made.json()).id as string;
}

import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';
import { bearer, registerCustomer, tokenOf, unique } from './helpers.ts';

/** A new shop of its own with a pickup point open on Saturdays and Wednesdays; answers its id, name and token. */
export async function freshShop(request: APIRequestContext) {
  const owner = await registerCustomer(request, 'plans', { name: 'Ana Furrow' });
  const name = `Furrow Farm ${unique()}`;
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(owner.email)}`, {
    headers: bearer(owner.token),
    data: {
      shop: name,
      date: '2015-04-01',
      address: '3 Furrow Lane, Salem',
      phone: '+1 503 555 0142',
      image: '/favicon.svg',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const token = await tokenOf(request, owner);
  const me = await (await request.get('/api/users/me', { headers: bearer(token) })).json();
  const settings = await request.put(`/api/shops/${me.id}/fulfilment`, {
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
  return { id: me.id as string, name, token };
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

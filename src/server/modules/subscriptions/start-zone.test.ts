import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { MARKET, nextFridayNoon, shopWith } from '../checkout/fulfilment-fixtures.ts';
import { boxPlan, dayAfter, setupSubscriberApp, startCardSetup, subscribeCall } from './subscribe-fixtures.ts';

/**
 * The first day of a subscription is checked against the shop's own day (its slots' zone), not the marketplace's
 * business zone: here the business runs on Auckland time, a day ahead of the Los Angeles shop at noon its Friday.
 */
const NOW = nextFridayNoon();
const t = setupSubscriberApp(
  () => NOW,
  () => ({ BUSINESS_TIME_ZONE: 'Pacific/Auckland' }),
);

describe("a subscription's first day in the shop's time zone", () => {
  it("takes the shop's today though the business zone is already on its tomorrow, and refuses its yesterday", async () => {
    const farm = await shopWith(t, MARKET);
    const settings = await t.app.inject({ method: 'GET', url: `/api/shops/${farm.id}/fulfilment`, headers: farm.auth });
    const pickup: string = settings.json().pickupPoints[0].windows[0].id;
    const planId = await boxPlan(t, farm, [pickup]);
    const quote = (startsOn: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/subscription-plans/${planId}/quote?windowId=${pickup}&startsOn=${startsOn}`,
      });

    const today = await quote(dayAfter(NOW, 0));
    expect(today.statusCode, today.body).toBe(200);
    // Tomorrow's Saturday pickup closed (24 h cutoff): the first is the Saturday after.
    expect(today.json().firstDelivery).toBe(dayAfter(NOW, 8));

    const yesterday = await quote(dayAfter(NOW, -1));
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().error.message).toBe('Choose today or a later day');
  });
});

describe("a subscriber's changes in the shop's time zone", () => {
  it("takes a vacation from the shop's today, and a cancel counts the shop's today, not the business zone's", async () => {
    const farm = await shopWith(t, MARKET);
    const settings = await t.app.inject({ method: 'GET', url: `/api/shops/${farm.id}/fulfilment`, headers: farm.auth });
    const pickup: string = settings.json().pickupPoints[0].windows[0].id;
    const planId = await boxPlan(t, farm, [pickup]);
    const shopper = await createUser(t);
    const { setupIntentId, clientSecret } = await startCardSetup(t, shopper);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm-setup',
      headers: shopper.auth,
      payload: { setupIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const made = await subscribeCall(t, shopper, {
      planId,
      windowId: pickup,
      startsOn: dayAfter(NOW, 0),
      setupIntentId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const act = (path: string, payload?: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/subscriptions/${made.json().id}${path}`,
        headers: shopper.auth,
        payload,
      });

    // Auckland is already on the shop's tomorrow: the shop's today is still a day a vacation may start.
    const away = await act('/vacation', { from: dayAfter(NOW, 0), until: dayAfter(NOW, 20) });
    expect(away.statusCode, away.body).toBe(200);
    const past = await act('/vacation', { from: dayAfter(NOW, -1), until: dayAfter(NOW, 20) });
    expect([past.statusCode, past.json().error.message]).toEqual([
      400,
      'Choose today or a later day to start the vacation',
    ]);

    // Cancelled with nothing ordered: it ends the shop's yesterday, so no delivery from the shop's today on comes.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${made.json().id}/cancel`,
      headers: shopper.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', endsAfter: dayAfter(NOW, -1) });
  });
});

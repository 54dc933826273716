import { describe, expect, it } from 'vitest';
import { MARKET, nextFridayNoon, shopWith } from '../checkout/fulfilment-fixtures.ts';
import { boxPlan, dayAfter, setupSubscriberApp } from './subscribe-fixtures.ts';

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

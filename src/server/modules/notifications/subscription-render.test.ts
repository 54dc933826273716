import { expect, describe as group, it } from 'vitest';
import { SUBSCRIPTION_DELIVERY_EVENTS } from '#contract/notifications.ts';
import { describe } from './render.ts';

/** What a subscription delivery's notice says, to its shopper and to its farm (decision 068). */
group('subscription delivery notices', () => {
  const base = {
    kind: 'subscription_delivery',
    planName: 'Weekly box',
    shopName: 'Green Valley Farm',
    buyerName: 'Ada Shopper',
    deliveryOn: '2026-12-12',
    orderNumber: 'FS-10042',
  } as const;

  it('says each event in words, leading the shopper to their subscriptions and the farm to its roster', () => {
    for (const event of SUBSCRIPTION_DELIVERY_EVENTS) {
      const shopper = describe({ ...base, to: 'shopper', event });
      expect(shopper.title.length).toBeGreaterThan(0);
      expect(shopper.link).toBe('/dashboard/subscriptions');
      const shop = describe({ ...base, to: 'shop', event });
      expect(shop.body).not.toContain('undefined');
    }
    expect(describe({ ...base, to: 'shop', event: 'short', items: ['Carrots ×1 of 2'] }).link).toBe(
      '/dashboard/vendorRoster',
    );
  });

  it('names the day a holiday moved the delivery to, else the next delivery', () => {
    const moved = describe({
      ...base,
      to: 'shopper',
      event: 'holiday',
      reason: 'Harvest festival',
      movedTo: '2026-12-15',
    });
    expect(moved.title).toBe('Your Weekly box moves to Tuesday 15 December');
    expect(moved.body).toBe(
      'Green Valley Farm is closed on Saturday 12 December (Harvest festival), so your Weekly box comes on Tuesday 15 December instead.',
    );
    const skipped = describe({ ...base, to: 'shopper', event: 'holiday', reason: null, nextDeliveryOn: '2026-12-19' });
    expect(skipped.body).toBe(
      'Green Valley Farm is closed on Saturday 12 December, so there is no delivery of your Weekly box that day and nothing is charged. Your next delivery is Saturday 19 December.',
    );
  });

  it('asks the shopper to fix a refused card, and tells the farm not to pack an abandoned order', () => {
    const failed = describe({
      ...base,
      to: 'shopper',
      event: 'charge_failed',
      reason: 'Your card was declined.',
      retryAt: '2026-12-11 10:00 UTC',
    });
    expect(failed.body).toBe(
      'We could not charge your card for your Weekly box from Green Valley Farm on Saturday 12 December (Your card was declined.). Please update your card on your subscriptions page; we try again at 2026-12-11 10:00 UTC.',
    );
    expect(describe({ ...base, to: 'shop', event: 'abandoned' }).body).toContain('do not pack it');
  });
});

import { describe, expect, it } from 'vitest';
import { combinedStatus } from '#contract/fulfilment.ts';
import type { PurchasedItem } from '#contract/orders.ts';
import { shopSteps } from './shop-steps.ts';

const line = (shopId: string, status: PurchasedItem['status']): PurchasedItem => ({
  _id: `${shopId}-${status}-${Math.random()}`,
  productId: null,
  amount: 1,
  price: 2,
  totalPrice: 2,
  shopName: shopId === 'shop-a' ? 'Green Valley Farm' : 'Hill Dairy',
  shopId,
  itemName: 'Apples',
  image: '',
  status,
  refund: null,
});

/** Green Valley Farm's part is collected at the Saturday market. */
const pickup = {
  shopId: 'shop-a',
  shopName: 'Green Valley Farm',
  kind: 'pickup' as const,
  start: '2026-11-28T09:00:00-08:00',
  end: '2026-11-28T12:00:00-08:00',
  timeZone: 'America/Los_Angeles',
  pickupPoint: { name: 'Saturday Market', address: '1 Market Square' },
  deliveryAddress: null,
  note: null,
};

describe('combinedStatus', () => {
  it('is the least advanced live step and ignores cancelled lines', () => {
    expect(combinedStatus(['delivered', 'shipped'])).toBe('shipped');
    expect(combinedStatus(['delivered', 'pending', 'shipped'])).toBe('pending');
    expect(combinedStatus(['delivered', 'cancelled'])).toBe('delivered');
    expect(combinedStatus(['cancelled', 'cancelled'])).toBe('cancelled');
  });
});

describe('shopSteps', () => {
  it('groups the lines by shop in the order they were bought', () => {
    expect(shopSteps([line('shop-b', 'shipped'), line('shop-a', 'delivered'), line('shop-b', 'pending')])).toEqual([
      { shopName: 'Hill Dairy', shopId: 'shop-b', status: 'pending', handover: null, slotCancelled: null },
      {
        shopName: 'Green Valley Farm',
        shopId: 'shop-a',
        status: 'delivered',
        handover: null,
        slotCancelled: null,
      },
    ]);
  });

  it('gives each shop its own pickup or delivery slot', () => {
    const steps = shopSteps([line('shop-b', 'pending'), line('shop-a', 'pending')], [pickup]);
    expect(steps.map((step) => [step.shopName, step.handover])).toEqual([
      ['Hill Dairy', null],
      ['Green Valley Farm', pickup],
    ]);
  });

  it('marks the part whose booked date the shop cancelled, with the reason', () => {
    const cancelled = { shopId: 'shop-a', reason: 'Market closed for the parade' };
    const steps = shopSteps([line('shop-b', 'pending'), line('shop-a', 'pending')], [pickup], [cancelled]);
    expect(steps.map((step) => [step.shopName, step.slotCancelled])).toEqual([
      ['Hill Dairy', null],
      ['Green Valley Farm', cancelled],
    ]);
  });
});

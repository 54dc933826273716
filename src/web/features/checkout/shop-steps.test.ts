import { describe, expect, it } from 'vitest';
import { combinedStatus } from '#contract/fulfilment.ts';
import type { PurchasedItem } from '#contract/orders.ts';
import { shopSteps } from './shop-steps.ts';

const line = (shopEmail: string, status: PurchasedItem['status']): PurchasedItem => ({
  _id: `${shopEmail}-${status}-${Math.random()}`,
  productId: null,
  amount: 1,
  price: 2,
  totalPrice: 2,
  shopName: shopEmail === 'a@x.example' ? 'Green Valley Farm' : 'Hill Dairy',
  shopEmail,
  itemName: 'Apples',
  image: '',
  status,
  refund: null,
});

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
    expect(
      shopSteps([line('b@x.example', 'shipped'), line('a@x.example', 'delivered'), line('b@x.example', 'pending')]),
    ).toEqual([
      { shopName: 'Hill Dairy', shopEmail: 'b@x.example', status: 'pending' },
      { shopName: 'Green Valley Farm', shopEmail: 'a@x.example', status: 'delivered' },
    ]);
  });
});

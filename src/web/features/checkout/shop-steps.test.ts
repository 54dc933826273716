import { describe, expect, it } from 'vitest';
import type { PurchasedItem } from '#contract/orders.ts';
import { shopSteps, stepOf } from './shop-steps.ts';

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
});

describe('stepOf', () => {
  it('is the least advanced live step and ignores cancelled lines', () => {
    expect(stepOf(['delivered', 'shipped'])).toBe('shipped');
    expect(stepOf(['delivered', 'pending', 'shipped'])).toBe('pending');
    expect(stepOf(['delivered', 'cancelled'])).toBe('delivered');
    expect(stepOf(['cancelled', 'cancelled'])).toBe('cancelled');
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

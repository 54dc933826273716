import type { CheckoutPlan, ShopPlan } from '#contract/checkout-plan.ts';
import type { Slot } from '#contract/slots.ts';

export const SHOP_ID = '00000000-0000-4000-a000-000000000001';

/** A slot as GET /shops/:shopId/slots lists it: by default Saturday 09:00–12:00 PST at the market, 4 places left. */
export const testSlot = (id: string, extra: Partial<Slot> = {}): Slot => ({
  id,
  kind: 'pickup',
  pickupPoint: { id: 'point-1', name: 'Saturday Market', address: '1 Market Square, Salem' },
  start: '2026-11-28T09:00:00-08:00',
  end: '2026-11-28T12:00:00-08:00',
  closesAt: '2026-11-27T09:00:00-08:00',
  capacity: 10,
  remaining: 4,
  fee: 0,
  status: 'open',
  ...extra,
});

/** Vera Farm's part of the cart: pickup or delivery ($5, free over $40), collected at the market unless told. */
export const shopPlan = (extra: Partial<ShopPlan> = {}): ShopPlan => ({
  shopId: SHOP_ID,
  shopName: 'Vera Farm',
  timeZone: 'America/Los_Angeles',
  subtotal: 10,
  offers: { pickup: true, delivery: { fee: 5, freeOver: 40, minimumOrder: 10 } },
  choice: { slot: testSlot('pickup-sat'), note: null },
  deliveryFee: 0,
  weighed: false,
  problem: null,
  ...extra,
});

/** The plan of a cart of one shop, ready when the shop's part has a time and no problem. */
export const planOf = (shop: ShopPlan, extra: Partial<CheckoutPlan> = {}): CheckoutPlan => ({
  shops: [shop],
  deliveryAddress: null,
  deliveryTotal: shop.deliveryFee,
  ready: shop.problem === null && shop.choice !== null,
  ...extra,
});

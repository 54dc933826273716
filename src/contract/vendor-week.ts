import { z } from 'zod';
import { UNITS } from './categories.ts';
import { deliveryAddress } from './checkout-plan.ts';
import { vendorOrder } from './fulfilment.ts';
import { packShape } from './pack.ts';
import { FULFILMENT_KINDS, shopParams } from './slots.ts';
import { abortWith } from './validation.ts';

/** The longest span of days one request of the vendor's week may cover. */
export const WEEK_MAX_DAYS = 92;
export const WEEK_KINDS = ['all', ...FULFILMENT_KINDS] as const;
export type WeekKind = (typeof WEEK_KINDS)[number];

const day = (error: string) => z.string({ error }).max(10, abortWith(error)).check(z.iso.date({ error }));

/** GET /shops/:shopId/booked-slots: the slots booked from `from` (default today) to `to` (default 13 days on). */
export const weekQuery = z.object({
  from: day('Enter a date such as 2026-12-01').optional(),
  to: day('Enter a date such as 2026-12-14').optional(),
  kind: z.enum(WEEK_KINDS, { error: 'Kind must be all, pickup or delivery' }).default('all'),
});

export const bookedSlotParams = shopParams.extend({
  slotId: z.string({ error: 'Not a slot id' }).max(40, abortWith('Not a slot id')),
});
export const SHEET_FORMATS = ['pdf', 'csv'] as const;
export const sheetParams = bookedSlotParams.extend({
  format: z.enum(SHEET_FORMATS, { error: 'Format must be pdf or csv' }),
});

/** A booked slot's heading: when, which kind, where (pickup) and how many orders. */
export const bookedSlot = z.object({
  /** The slot's opaque id, as the public slot list gives it. */
  id: z.string(),
  kind: z.enum(FULFILMENT_KINDS),
  /** ISO 8601 with the shop's offset, such as 2026-11-28T09:00:00-08:00. */
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  pickupPoint: z.object({ name: z.string(), address: z.string() }).nullable(),
  /** Orders booked in it (a part the shop cancelled included). */
  orders: z.number().int(),
});
export type BookedSlot = z.infer<typeof bookedSlot>;

/** The vendor's week: its booked slots with their orders, soonest first, and the orders without a slot. */
export const week = z.object({
  shopId: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  kind: z.enum(WEEK_KINDS),
  slots: z.array(bookedSlot.extend({ items: z.array(vendorOrder) })),
  /** Orders without a slot (shipped), placed in these dates or still to be handled, newest first; none for a kind. */
  unslotted: z.array(vendorOrder),
});
export type Week = z.infer<typeof week>;

/** One product to pick for a slot: units over its live lines, and grams (weighed, else estimated) or null. */
export const pickItem = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  units: z.number().int(),
  /** Null when the product is not sold by weight. */
  grams: z.number().int().nullable(),
  /** Every line of it is weighed: `grams` is the real weight, not an estimate. */
  weighed: z.boolean(),
  /** What `units` count (decision 053): the product's unit and pack; pieces for weighed goods; absent if unknown. */
  unit: z.enum(UNITS).nullable().optional(),
  pack: packShape.nullable().optional(),
});
export type PickItem = z.infer<typeof pickItem>;

/** One order's packing slip. */
export const packingSlip = z.object({
  orderId: z.string(),
  /** The order's number as people read it, e.g. 'FS-10234'. */
  orderNumber: z.string(),
  shopper: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  items: z.array(
    z.object({
      name: z.string(),
      amount: z.number().int(),
      estimatedGrams: z.number().int().nullable(),
      actualGrams: z.number().int().nullable(),
      /** What `amount` counts, as on the pick list. */
      unit: z.enum(UNITS).nullable().optional(),
      pack: packShape.nullable().optional(),
    }),
  ),
  note: z.string().nullable(),
  pickupPoint: z.object({ name: z.string(), address: z.string() }).nullable(),
  deliveryAddress: deliveryAddress.nullable(),
  /** A subscription's delivery (issue 37). */
  subscription: z.boolean().optional(),
});
export type PackingSlip = z.infer<typeof packingSlip>;

/** A delivery stop, in order of postcode then address. */
export const deliveryStop = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  postcode: z.string(),
});
export type DeliveryStop = z.infer<typeof deliveryStop>;

/** GET /shops/:shopId/booked-slots/:slotId: what to pick, pack and where to go for one slot. */
export const slotSheet = z.object({
  shopId: z.string(),
  shopName: z.string(),
  slot: bookedSlot,
  pickList: z.array(pickItem),
  /** One per order with a live line, in the slot's order (by time booked). */
  packingSlips: z.array(packingSlip),
  /** How many of those are subscriptions' deliveries. */
  subscriptionOrders: z.number().int().optional(),
  /** Delivery only (empty for pickup). */
  stops: z.array(deliveryStop),
});
export type SlotSheet = z.infer<typeof slotSheet>;

/** "≈ 1.6 kg" for an estimate, "1.52 kg" once weighed; grams under a kilo as "≈ 450 g" / "452 g". */
export function formatWeight(grams: number, weighed: boolean): string {
  const text =
    grams < 1000
      ? `${grams} g`
      : `${(grams / 1000).toLocaleString('en-US', { maximumFractionDigits: weighed ? 2 : 1 })} kg`;
  return weighed ? text : `≈ ${text}`;
}

import { z } from 'zod';
import { ORDER_NOTE_MAX } from './payments.ts';
import { FULFILMENT_KINDS, postcodeField, slot } from './slots.ts';
import { abortWith, requiredText, uuidField } from './validation.ts';

/**
 * How the shopper gets each shop's part of the cart (issue 11, item 3). The choices are kept with the cart on the
 * server (two tabs and a reload see the same), priced there, and checked again when the payment settles.
 */

/**
 * The codes of a checkout the shop's fulfilment refuses, at `PUT /cart/fulfilment/:shopId`, at
 * `POST /customer-payment` and, when a slot filled or closed while paying, at `POST /customerPayments` (the charge
 * is then refunded).
 * - `SLOT_REQUIRED` (400): a shop in the cart has no pickup or delivery slot chosen
 * - `SLOT_FULL` (409): the slot has no place left
 * - `SLOT_CLOSED` (409): ordering for the slot has closed, it was cancelled, or it is not a slot of the shop now
 * - `OUT_OF_AREA` (400): the delivery address's postcode is outside the shop's delivery area (or none was given)
 * - `BELOW_MINIMUM` (400): the shop's goods in the cart are below its minimum order for delivery
 */
export const FULFILMENT_ERROR_CODES = [
  'SLOT_REQUIRED',
  'SLOT_FULL',
  'SLOT_CLOSED',
  'OUT_OF_AREA',
  'BELOW_MINIMUM',
] as const;
export type FulfilmentErrorCode = (typeof FULFILMENT_ERROR_CODES)[number];

export const cartShopParams = z.object({ shopId: uuidField('Not a shop id') });

/** PUT /cart/fulfilment/:shopId: the slot chosen for this shop's part of the cart, and a note to the producer. */
export const shopChoiceInput = z.object({
  slotId: z.string({ error: 'Choose a time' }).min(1, 'Choose a time').max(200, abortWith('Not a slot of this shop')),
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(ORDER_NOTE_MAX, abortWith(`The note is too long (${ORDER_NOTE_MAX} characters at most)`))
    .transform((v) => v || null)
    .nullable()
    .default(null),
});
export type ShopChoiceInput = z.input<typeof shopChoiceInput>;

/** PUT /cart/delivery-address: where delivered parts of the cart go (one address for every shop that delivers). */
export const deliveryAddressInput = z.object({
  address: requiredText(300, 'Address is too long (300 characters at most)'),
  postcode: postcodeField,
});
export type DeliveryAddressInput = z.input<typeof deliveryAddressInput>;
export const deliveryAddress = z.object({ address: z.string(), postcode: z.string() });
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

export const fulfilmentProblem = z.object({ code: z.enum(FULFILMENT_ERROR_CODES), message: z.string() });
export type FulfilmentProblem = z.infer<typeof fulfilmentProblem>;

/** One shop's part of the cart and how it is to be fulfilled; money in dollars. */
export const shopPlan = z.object({
  shopId: z.string(),
  shopName: z.string(),
  /** The shop's time zone (IANA): its slots are shown in it, with the zone's abbreviation. */
  timeZone: z.string(),
  /** The shop's goods in the cart (before any coupon). */
  subtotal: z.number(),
  /** What the shop offers: pickup when it has pickup points; delivery terms when it delivers. */
  offers: z.object({
    pickup: z.boolean(),
    delivery: z.object({ fee: z.number(), freeOver: z.number().nullable(), minimumOrder: z.number() }).nullable(),
  }),
  /** The slot chosen (as it stands now: status and places left) and the note to the producer, or null. */
  choice: z.object({ slot, note: z.string().nullable() }).nullable(),
  /** What delivery costs for this part: 0 for pickup or over the free-delivery threshold. */
  deliveryFee: z.number(),
  /** Its lines hold weighed goods: its slot must start by `weighedGoods.latestStart`. */
  weighed: z.boolean(),
  /** Why this part cannot be paid as it is, with the code the payment would be refused with; null when it can. */
  problem: fulfilmentProblem.nullable(),
});
export type ShopPlan = z.infer<typeof shopPlan>;

/** GET /cart/fulfilment: the signed-in shopper's cart by shop, with its pickup and delivery choices. */
export const checkoutPlan = z.object({
  shops: z.array(shopPlan),
  deliveryAddress: deliveryAddress.nullable(),
  /**
   * Weighed goods in the cart (charged by actual weight on a card hold that lasts 7 days): slots starting after
   * `latestStart` are refused; `message` says why. Absent or null otherwise.
   */
  weighedGoods: z.object({ latestStart: z.string(), message: z.string() }).nullable().optional(),
  /** The sum of the shops' delivery fees, charged with the goods. */
  deliveryTotal: z.number(),
  /** True when every shop's part has a slot and no problem: the payment can start. */
  ready: z.boolean(),
});
export type CheckoutPlan = z.infer<typeof checkoutPlan>;

/** How one shop's part of an order is fulfilled, as recorded with the order (payment history, invoice, order page). */
export const orderFulfilment = z.object({
  shopId: z.string(),
  shopName: z.string(),
  kind: z.enum(FULFILMENT_KINDS),
  /** ISO 8601 with the shop's offset, as the slot was booked. */
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  /** Where a pickup is collected; null for delivery. */
  pickupPoint: z.object({ name: z.string(), address: z.string() }).nullable(),
  /** Where a delivery goes; null for pickup. */
  deliveryAddress: deliveryAddress.nullable(),
  /** Dollars charged for delivery. */
  fee: z.number(),
  /** The shopper's note to the producer, or null. */
  note: z.string().nullable(),
});
export type OrderFulfilment = z.infer<typeof orderFulfilment>;

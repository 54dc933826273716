import { z } from 'zod';
import { orderFulfilment } from './checkout-plan.ts';
import { packShape } from './pack.ts';
import { paginated } from './pagination.ts';
import type { FulfilmentKind } from './slots.ts';
import { UNITS } from './units.ts';

/**
 * A shop's part of an order moves step by step to delivered, or to cancelled (stock returned, paid lines refunded).
 * `ready` is packed: ready for pickup, or packed for a delivery round (weighed lines are charged by weight then).
 */
export const FULFILMENT_STATUSES = ['pending', 'ready', 'shipped', 'delivered', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
export type LiveStatus = Exclude<FulfilmentStatus, 'cancelled'>;

export const ORDER_STATUSES = ['pending', 'complete', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How a shop's part is handed over: in a booked pickup or delivery slot, or shipped (an order without a slot). */
export type HandoverKind = FulfilmentKind | 'shipping';

/** The steps of a shop's part, in order, by how it is handed over. */
export const STEPS: Record<HandoverKind, readonly LiveStatus[]> = {
  pickup: ['pending', 'ready', 'delivered'],
  delivery: ['pending', 'ready', 'shipped', 'delivered'],
  shipping: ['pending', 'shipped', 'delivered'],
};

/** What each step is called for the shopper and the vendor, by how the part is handed over. */
export const STEP_LABELS: Record<HandoverKind, Record<FulfilmentStatus, string>> = {
  pickup: {
    pending: 'Ordered',
    ready: 'Ready for pickup',
    shipped: 'Shipped',
    delivered: 'Picked up',
    cancelled: 'Cancelled',
  },
  delivery: {
    pending: 'Ordered',
    ready: 'Packed',
    shipped: 'Out for delivery',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
  },
  shipping: { pending: 'Pending', ready: 'Packed', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled' },
};

/** The moves a vendor may make from a step: the next step of its kind, or cancelling until it is delivered. */
export function nextStatuses(status: FulfilmentStatus, kind: HandoverKind): FulfilmentStatus[] {
  if (status === 'cancelled' || status === 'delivered') return [];
  const steps = STEPS[kind];
  const next = steps[steps.indexOf(status) + 1];
  return next ? [next, 'cancelled'] : ['cancelled'];
}

/** How an order reaches its shopper. */
export const DELIVERY_KINDS = ['delivery'] as const;

export const vendorOrderLine = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  itemName: z.string(),
  image: z.string(),
  amount: z.number().int(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  status: z.enum(FULFILMENT_STATUSES),
  /** For a product sold by weight: the grams estimated at checkout, and the grams weighed when packing (or null). */
  estimatedGrams: z.number().int().nullable(),
  actualGrams: z.number().int().nullable(),
  /** The marketplace's commission on this line, in percent, as it stood for the shop when the order was placed. */
  commissionPercent: z.number(),
  /**
   * The size or pack sold (decision 052) as it was at purchase: its option, SKU and what `amount` counts (unit and
   * pack); absent on lines from before options. `itemName` already reads "Eggs — Dozen" when the product had several.
   */
  optionId: z.string().optional(),
  sku: z.string().nullable().optional(),
  unit: z.enum(UNITS).optional(),
  pack: packShape.nullable().optional(),
});

/** One order as a vendor sees it: only that vendor's own lines and total. */
export const vendorOrder = z.object({
  _id: z.string(),
  /** The order's number as people read it, e.g. 'FS-10234'. */
  orderNumber: z.string(),
  name: z.string(),
  email: z.string(),
  /** Sum of the vendor's own lines, in dollars. */
  totalPrice: z.number(),
  /** How many of the vendor's products the order holds. */
  numberOfItems: z.number().int(),
  /** Units of those products. */
  units: z.number().int(),
  status: z.enum(FULFILMENT_STATUSES),
  orderStatus: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  /**
   * How the order reaches the shopper and where: delivery to the name, phone and address given at checkout (the
   * only kind so far; a pickup choice would be another kind).
   */
  deliverTo: z.object({ kind: z.enum(DELIVERY_KINDS), name: z.string(), phone: z.string(), address: z.string() }),
  /** The shopper's note for the shop, given at checkout, or null. */
  note: z.string().nullable(),
  /** The shop's booked pickup or delivery slot, place or address, fee and note; null for an order without a slot. */
  fulfilment: orderFulfilment.nullable(),
  /** A subscription's delivery (issue 37), made by the subscriptions job rather than a checkout. */
  subscription: z.boolean().optional(),
  lines: z.array(vendorOrderLine),
});
export type VendorOrder = z.infer<typeof vendorOrder>;
export const vendorOrderPage = paginated(vendorOrder);

export const fulfilmentUpdate = z.object({
  status: z.enum(['ready', 'shipped', 'delivered', 'cancelled'], {
    error: 'Status must be ready, shipped, delivered or cancelled',
  }),
});
export type FulfilmentUpdate = z.infer<typeof fulfilmentUpdate>;

/**
 * How long a vendor may take back a step it just made (the Undo of a step), and how long the shopper's message about
 * that step waits, so an undone step is never told (decision 059).
 */
export const UNDO_SECONDS = 10;

/** What lets the vendor who made a step take it back: an opaque token, and until when it is accepted. */
export const stepUndo = z.object({ token: z.string(), until: z.string() });
export type StepUndo = z.infer<typeof stepUndo>;

export const fulfilmentUpdated = z.object({
  modifiedCount: z.number().int(),
  order: vendorOrder,
  /** Null for a cancellation, and for a step that charged weighed goods (neither is taken back). */
  undo: stepUndo.nullable(),
});

/** POST /vendor/orders/steps: move several of the vendor's orders to the same step (Mark all ready). */
export const bulkStepInput = z.object({
  orderIds: z
    .array(z.uuid('Order id must be a UUID'), { error: 'Order ids must be a list' })
    .min(1, 'Choose at least one order')
    .max(200, 'At most 200 orders at once'),
  status: z.enum(['ready', 'shipped', 'delivered'], { error: 'Status must be ready, shipped or delivered' }),
});
export type BulkStepInput = z.infer<typeof bulkStepInput>;

/** What happened to one order of a bulk step: moved, already at that step, or refused and why. */
export const STEP_OUTCOMES = ['moved', 'unchanged', 'refused'] as const;
export const bulkStepResult = z.object({
  orderId: z.string(),
  outcome: z.enum(STEP_OUTCOMES),
  /** Why it did not move (refused), e.g. it is cancelled or a line awaits weighing; null when it moved. */
  message: z.string().nullable(),
  /** The order as the vendor now sees it; null when it is not one of the vendor's. */
  order: vendorOrder.nullable(),
  undo: stepUndo.nullable(),
});
export type BulkStepResult = z.infer<typeof bulkStepResult>;
export const bulkStepAnswer = z.object({
  moved: z.number().int(),
  results: z.array(bulkStepResult),
});

/** POST /vendor/orders/:orderId/undo: the token the step answered. */
export const stepUndoInput = z.object({
  token: z.string({ error: 'The undo token is missing' }).min(1, 'The undo token is missing').max(1000),
});

/** The shop cancelled the date of a part's booked slot (a holiday): the shopper may cancel the part in full. */
export const slotCancelledByShop = z.object({ shopId: z.string(), reason: z.string().nullable() });
export type SlotCancelledByShop = z.infer<typeof slotCancelledByShop>;

/** Each vendor's step of one order, for the customer's history and invoice. */
export const orderTracking = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  paymentId: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  shops: z.array(
    z.object({
      shopId: z.string(),
      shopName: z.string(),
      status: z.enum(FULFILMENT_STATUSES),
      numberOfItems: z.number().int(),
      totalPrice: z.number(),
      /** The shop's pickup or delivery slot, place or address and the note; null for a shop without them. */
      fulfilment: orderFulfilment.nullable(),
      /** Whether the shopper may cancel this part now: still Ordered, and its slot's ordering still open (or cancelled). */
      cancellable: z.boolean(),
      /** When the shopper's cancelling closes (the slot's ordering close); null when no time limits it. */
      cancellableUntil: z.string().nullable(),
      /**
       * What cancelling this part now gives back: a refund of what was charged for it, or (weighed goods not charged
       * yet) the release of its share of the card hold. Both 0 once it is cancelled.
       */
      onCancel: z.object({ refund: z.number(), release: z.number() }),
      /** The shop cancelled the booked slot's date, and why; null otherwise. */
      slotCancelled: slotCancelledByShop.nullable(),
    }),
  ),
});

/** POST /orders/:id/shops/:shopId/cancellation */
export const partCancellationParams = z.object({
  id: z.uuid('Id must be a UUID'),
  shopId: z.uuid('Shop id must be a UUID'),
});

/** PUT /orders/:id/shops/:shopId/slot: another open slot of the shop, of the same kind. */
export const partSlotInput = z.object({
  slotId: z.string({ error: 'Please choose a time' }).min(1, 'Please choose a time').max(100),
});
export type OrderTracking = z.infer<typeof orderTracking>;

/** One order in the admin's list. */
export const adminOrder = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  paymentId: z.string(),
  transactionId: z.string(),
  name: z.string(),
  email: z.string(),
  price: z.number(),
  numberOfItems: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  date: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrder>;
export const adminOrderPage = paginated(adminOrder);

/** A shop's step from its lines: cancelled when every line is, else the least advanced line still live. */
export function combinedStatus(statuses: FulfilmentStatus[]): FulfilmentStatus {
  const live = statuses.filter((s) => s !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  for (const step of ['pending', 'ready', 'shipped'] as const) if (live.includes(step)) return step;
  return 'delivered';
}

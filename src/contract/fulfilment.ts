import { z } from 'zod';
import { orderFulfilment } from './checkout-plan.ts';
import { paginated } from './pagination.ts';

/** A vendor's part of an order moves pending → shipped → delivered, or to cancelled (stock returned). */
export const FULFILMENT_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const ORDER_STATUSES = ['pending', 'complete', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The moves a vendor may make from each status of its part. */
export const NEXT_STATUSES: Record<FulfilmentStatus, readonly FulfilmentStatus[]> = {
  pending: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/** How an order reaches its shopper. */
export const DELIVERY_KINDS = ['delivery'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const vendorOrderLine = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  itemName: z.string(),
  image: z.string(),
  amount: z.number().int(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  status: z.enum(FULFILMENT_STATUSES),
});

/** One order as a vendor sees it: only that vendor's own lines and total. */
export const vendorOrder = z.object({
  _id: z.string(),
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
  lines: z.array(vendorOrderLine),
});
export type VendorOrder = z.infer<typeof vendorOrder>;
export const vendorOrderPage = paginated(vendorOrder);
export type VendorOrderPage = z.infer<typeof vendorOrderPage>;

export const fulfilmentUpdate = z.object({
  status: z.enum(['shipped', 'delivered', 'cancelled'], {
    error: 'Status must be shipped, delivered or cancelled',
  }),
});
export type FulfilmentUpdate = z.infer<typeof fulfilmentUpdate>;

export const fulfilmentUpdated = z.object({ modifiedCount: z.number().int(), order: vendorOrder });

/** Each vendor's step of one order, for the customer's history and invoice. */
export const orderTracking = z.object({
  _id: z.string(),
  paymentId: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  shops: z.array(
    z.object({
      shopName: z.string(),
      shopEmail: z.string(),
      status: z.enum(FULFILMENT_STATUSES),
      numberOfItems: z.number().int(),
      totalPrice: z.number(),
      /** The shop's pickup or delivery slot, place or address and the note; null for a shop without them. */
      fulfilment: orderFulfilment.nullable(),
    }),
  ),
});
export type OrderTracking = z.infer<typeof orderTracking>;

/** One order in the admin's list. */
export const adminOrder = z.object({
  _id: z.string(),
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
  if (live.includes('pending')) return 'pending';
  if (live.includes('shipped')) return 'shipped';
  return 'delivered';
}

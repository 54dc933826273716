import { z } from 'zod';

const range = z.object({ min: z.number(), max: z.number() });

/**
 * GET /delivery-terms: how the shops hand over their orders, counted over the shops that take bookings (a live pickup
 * point with a window, or delivery with a window). Amounts in dollars; null where no shop delivers.
 */
export const deliveryTerms = z.object({
  shops: z.number().int(),
  /** Shops with a pickup point: pickup is free. */
  pickupShops: z.number().int(),
  deliveryShops: z.number().int(),
  /** The delivery fees of the shops that deliver, before any free-delivery threshold. */
  fee: range.nullable(),
  /** The order totals over which delivery is free, and how many of the delivering shops have one. */
  freeOver: z.object({ min: z.number(), max: z.number(), shops: z.number().int() }).nullable(),
  /** The smallest order the delivering shops deliver. */
  minimumOrder: range.nullable(),
});
export type DeliveryTerms = z.infer<typeof deliveryTerms>;

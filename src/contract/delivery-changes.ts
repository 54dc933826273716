import { z } from 'zod';
import { abortWith, uuidField } from './validation.ts';

/**
 * Changing one subscription delivery whose order the deliveries job has made, before its cutoff (issue 37 item 3,
 * decision 068 "Changing a made delivery"): swap a plan line for another option, add one-off products of the same
 * shop, take them out again. Money in dollars.
 */
export const CHANGE_MESSAGES = {
  notMade: 'That delivery’s order is not made yet: it can be changed once its order is made',
  closed: 'Ordering for that delivery has closed: it can no longer be changed',
  orderGone: 'That delivery’s order was cancelled when you skipped it, so it cannot come back',
  box: 'A box is filled by the farm: its items cannot be swapped. Add products to it instead',
  notPlanLine: 'Only an item of the plan can be swapped: take out an added product instead',
  notSwapOption: 'Choose another size of this product or another of the plan’s products',
  sameOption: 'That is the item already in this delivery',
  otherShop: 'Only this farm’s products can be added to its delivery',
  notOnSale: 'That product is not on sale now',
  outOfStock: 'Not enough of that product is left in stock',
  notExtra: 'Only a product you added can be taken out: skip the delivery to have none of it',
  noLine: 'That item is not in this delivery',
  notPlanTime: 'Choose another of the plan’s times of the same kind, the same week',
  sameTime: 'That is the time of this delivery already',
  timeClosed: 'Ordering for that time has closed: choose another',
  season: 'This delivery is paid with your season and holds the plan’s items: order anything else from the shop',
} as const;

const day = (error: string) => z.string({ error }).max(10, abortWith(error)).check(z.iso.date({ error }));

export const deliveryParams = z.object({
  id: uuidField('Not a subscription id'),
  date: day('Not a date'),
});
export const deliveryLineParams = deliveryParams.extend({ lineId: uuidField('Not an item of this delivery') });

export const addLineInput = z.object({
  optionId: uuidField('Choose a product'),
  quantity: z.coerce
    .number({ error: 'Enter how many, 1 to 20' })
    .int({ error: 'Enter how many, 1 to 20' })
    .min(1, { error: 'Enter how many, 1 to 20' })
    .max(20, { error: 'Enter how many, 1 to 20' }),
});
export const swapLineInput = z.object({ optionId: uuidField('Choose what to swap it for') });
export const deliveryWindowInput = z.object({ windowId: uuidField('Choose a time') });

/** A product option the shopper may pick: to swap a plan item for, or to add. */
export const deliveryChoice = z.object({
  optionId: z.string(),
  productId: z.string(),
  name: z.string(),
  /** The option's label when its product has several ("1 kg"), else null. */
  label: z.string().nullable(),
  /** Per unit (per kg when sold by weight), dollars, as it would be charged. */
  price: z.number(),
  stock: z.number(),
});
export type DeliveryChoice = z.infer<typeof deliveryChoice>;

export const deliveryLine = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number(),
  unitPrice: z.number(),
  total: z.number(),
  /** plan: the plan's item (its discount applies; it can be swapped); extra: a one-off added by the shopper. */
  part: z.enum(['plan', 'extra']),
  optionId: z.string().nullable(),
  productId: z.string().nullable(),
});

export const madeDelivery = z.object({
  subscriptionId: z.string(),
  date: z.string(),
  slot: z.string(),
  planName: z.string(),
  shopName: z.string(),
  kind: z.enum(['fixed', 'box']),
  discountPercent: z.number().nullable(),
  order: z.object({ number: z.string(), paymentId: z.string() }),
  /** Until when it can be changed (ISO instant, the cutoff); null once closed or charged. */
  changeableUntil: z.string().nullable(),
  lines: z.array(deliveryLine),
  subtotal: z.number(),
  discount: z.number(),
  deliveryFee: z.number(),
  tax: z.number(),
  taxIncluded: z.boolean(),
  total: z.number(),
  /** What a plan item may be swapped for: the listed options of the plan's products (none for a box). */
  swapChoices: z.array(deliveryChoice),
  /** The farm's products on sale now, to add at their price (no plan discount). */
  addChoices: z.array(deliveryChoice),
  /** Paid with the season (decision 070): its items are the plan's, nothing is swapped or added (no choices). */
  paidBySeason: z.boolean(),
  /** The plan's other times of the same kind the same week (Monday to Sunday) whose ordering is open. */
  windowChoices: z.array(z.object({ windowId: z.string(), date: z.string(), slot: z.string() })),
});
export type MadeDelivery = z.infer<typeof madeDelivery>;

import { z } from 'zod';
import { UNITS } from './categories.ts';
import { lineSaving } from './markdowns.ts';
import { MAX_LINE_UNITS } from './money.ts';
import { packShape } from './pack.ts';
import { abortWith, uuidField } from './validation.ts';

/** The field error of an option that is not one of the product's sizes on sale. */
export const CHOOSE_OPTION = 'Choose a size of this product';

/**
 * POST /carts. Spec clients also send email, image, name, spendMoney, price and shopName: the server
 * ignores them and takes everything from the product and the signed-in caller.
 */
export const addToCartInput = z.object({
  productId: uuidField('Choose a product'),
  /**
   * The size or pack to add (decision 052); the product's first listed option when absent. An option of another
   * product, or one no longer sold, is refused with a field error.
   */
  optionId: uuidField(CHOOSE_OPTION).optional(),
  amount: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be a whole number')
    .min(1, 'Add at least 1')
    .max(MAX_LINE_UNITS, `At most ${MAX_LINE_UNITS} of one product per order`)
    .default(1),
  shopEmail: z.string().trim().max(254, abortWith('E-mail is too long')).optional(),
  /**
   * One per click: a request repeated with the same id (a retry after a lost answer) adds nothing more and
   * answers the line as it is.
   */
  requestId: uuidField('Not a request id').optional(),
});
export type AddToCartInput = z.input<typeof addToCartInput>;

export const addToCartResult = z.object({
  insertedId: z.string(),
  /** The line's amount after the add (an existing line is raised, never duplicated). */
  amount: z.number().int(),
  productName: z.string(),
  /** The option the line holds (decision 052). */
  optionId: z.string(),
});

/** PATCH /carts/:id: the line's new amount (Remove takes a line out; 0 is refused). */
export const cartAmountInput = z.object({
  amount: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be a whole number')
    .min(1, 'At least 1: use Remove to take it out of your cart')
    .max(MAX_LINE_UNITS, `At most ${MAX_LINE_UNITS} of one product per order`),
});

export const CART_UNAVAILABLE_REASONS = ['sold_out', 'expired', 'unlisted', 'not_enough_stock'] as const;

/** One cart line with the spec's fields (money in dollars) plus what checkout needs to know. */
export const cartItem = z.object({
  _id: z.string(),
  productId: z.string(),
  email: z.string(),
  image: z.string(),
  name: z.string(),
  /** Line total in dollars (price × amount); for goods sold by weight, the estimate (charged by actual weight). */
  spendMoney: z.number(),
  amount: z.number().int(),
  /** Unit price in dollars, the product's current price (with the better of its deal and markdown). */
  price: z.number(),
  /** The deal or near-expiry markdown in `price` ("Near-expiry markdown −30%") and the price before it, or null. */
  saving: lineSaving.optional(),
  shopName: z.string(),
  /** The selling shop's id (the spec's shopEmail was its vendor's sign-in, which a shopper never reads: decision 050). */
  shopId: z.string(),
  /** Units of its option available right now (own stock, or what its product's shared pool makes). */
  stock: z.number().int(),
  /** What one unit is (decision 053): the price is per kg, per liter, per piece, per pack … */
  unit: z.enum(UNITS),
  /** The named pack one unit is (unit `pack`): its name and net quantity, for its unit price. */
  pack: packShape.nullable().optional(),
  /** What one piece of the product is called ("egg"), for its unit price ("$0.54/egg"). */
  pieceName: z.string().optional(),
  /** False when the product sold out, expired, was unlisted or has fewer units than the line asks. */
  available: z.boolean(),
  unavailableReason: z.enum(CART_UNAVAILABLE_REASONS).nullable(),
  /** Sold by weight: `price` is per kg, `amount` counts pieces of about `gramsPerPiece` grams each. */
  soldByWeight: z.boolean().optional(),
  gramsPerPiece: z.number().int().nullable().optional(),
  /** A taxed product (decision 028): its category's rate, and whether `price` includes the tax or it is added. */
  taxPercent: z.number().optional(),
  pricesIncludeTax: z.boolean().optional(),
  /**
   * The size or pack of the line (decision 052): a dozen and a half dozen of one product are two lines. `price`,
   * `unit`, `pack`, `stock` and the weight are the option's; `optionLabel` is null when the product has one option.
   */
  optionId: z.string().optional(),
  optionLabel: z.string().nullable().optional(),
});
export type CartItem = z.infer<typeof cartItem>;
export const cartList = z.array(cartItem);

export const cartQuery = z.object({
  email: z.string().trim().min(1, 'email is required').max(254, abortWith('E-mail is too long')),
});
export const cartItemParams = z.object({ id: uuidField('Not a cart item id') });
export const deletedCount = z.object({ deletedCount: z.number().int() });

/** What a shopper reads for each reason a line cannot be bought. */
export const UNAVAILABLE_LABELS: Record<(typeof CART_UNAVAILABLE_REASONS)[number], string> = {
  sold_out: 'Sold out',
  expired: 'Expired',
  unlisted: 'No longer sold',
  not_enough_stock: 'Not enough stock',
};

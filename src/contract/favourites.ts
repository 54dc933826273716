import { z } from 'zod';
import { cardProduct } from './products.ts';
import { shop } from './shops.ts';
import { uuidField } from './validation.ts';

/** At most this many favourite products, and as many shops, per shopper. */
export const MAX_FAVOURITES = 500;

/** GET /favourites: the caller's favourite products and shops, the latest saved first. */
export const favourites = z.object({ products: z.array(cardProduct), shops: z.array(shop) });
export type Favourites = z.infer<typeof favourites>;

export const favouriteProductParams = z.object({ id: uuidField('Not a product id') });
export const favouriteShopParams = z.object({ id: uuidField('Not a shop id') });

/** PUT or DELETE of one favourite: whether it is a favourite now (both are idempotent). */
export const favouriteState = z.object({ id: z.string(), favourite: z.boolean() });

/** One product of the shopper's delivered (or picked-up) orders, the latest first. */
export const buyAgainItem = z.object({
  productId: z.string(),
  /** The size bought (decision 052): what its Buy again adds; null for a line from before sizes (the first size). */
  optionId: z.string().nullable(),
  /** The name and picture as bought. */
  name: z.string(),
  image: z.string(),
  /** When it was last ordered. */
  orderedAt: z.string(),
  /** The product as it is now, or null when its shop no longer lists it. */
  product: cardProduct.nullable(),
});
export type BuyAgainItem = z.infer<typeof buyAgainItem>;
export const buyAgainList = z.object({ items: z.array(buyAgainItem) });
export type BuyAgainList = z.infer<typeof buyAgainList>;

/** POST /buy-again/cart: one unit of each product still on sale added; what could not be, with the reason. */
export const buyAgainResult = z.object({
  added: z.array(z.object({ productId: z.string(), optionId: z.string().nullable(), name: z.string() })),
  skipped: z.array(
    z.object({ productId: z.string(), optionId: z.string().nullable(), name: z.string(), reason: z.string() }),
  ),
});
export type BuyAgainResult = z.infer<typeof buyAgainResult>;

/** What "Add all to cart" says: "2 added; Sourdough loaf is sold out". */
export function buyAgainSummary(result: BuyAgainResult): string {
  const added = result.added.length === 0 ? 'Nothing added' : `${result.added.length} added`;
  return [added, ...result.skipped.map((s) => s.reason)].join('; ');
}

import type { BuyAgainList, BuyAgainResult } from '#contract/favourites.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { CatalogReads } from './products.ts';

/**
 * What "Buy again" reads and does in other modules, wired by app.ts: the orders' delivered products, the catalog's
 * cards and the cart's own add (those modules call the catalog, which calls favourites, so favourites cannot import
 * them).
 */
export type BuyAgainSources = Pick<CatalogReads, 'productCardsByIds'> & {
  deliveredProductsOf: (
    db: Tx,
    userId: string,
    limit: number,
  ) => Promise<{ productId: string; optionId: string | null; name: string; image: string; orderedAt: Date }[]>;
  addToCart: (
    db: Db,
    userId: string,
    input: { productId: string; optionId?: string; amount: number },
  ) => Promise<unknown>;
};

/** How many products "Buy again" lists (the latest ordered). */
const BUY_AGAIN_LIMIT = 50;

/** The products of the shopper's delivered or picked-up orders, the latest ordered first, as they are now. */
export async function buyAgainList(db: Tx, sources: BuyAgainSources, userId: string): Promise<BuyAgainList> {
  const delivered = await sources.deliveredProductsOf(db, userId, BUY_AGAIN_LIMIT);
  // Each size bought once (decision 052); a line from before options counts only while no size of its product was
  // bought since (it stands for the product's first option).
  const sized = new Set(delivered.flatMap((b) => (b.optionId ? [b.productId] : [])));
  const bought = delivered.filter((b) => b.optionId !== null || !sized.has(b.productId));
  const cards = await sources.productCardsByIds(
    db,
    bought.map((b) => b.productId),
  );
  return {
    items: bought.map((b) => ({
      productId: b.productId,
      optionId: b.optionId,
      name: b.name,
      image: b.image,
      orderedAt: b.orderedAt.toISOString(),
      product: cards.get(b.productId) ?? null,
    })),
  };
}

/**
 * "Add all to cart": one unit of each buy-again product in the size bought, each through the cart's own add (its stock
 * check, its limit of units per line, its row lock); a product no longer listed, sold out, expired or already in the cart
 * up to its stock is skipped with the cart's reason.
 */
export async function addBuyAgainToCart(db: Db, sources: BuyAgainSources, userId: string): Promise<BuyAgainResult> {
  const { items } = await buyAgainList(db, sources, userId);
  const result: BuyAgainResult = { added: [], skipped: [] };
  for (const item of items) {
    const name = item.product?.productName ?? item.name;
    if (!item.product) {
      result.skipped.push({
        productId: item.productId,
        optionId: item.optionId,
        name,
        reason: `${name} is no longer sold`,
      });
      continue;
    }
    try {
      // The size bought; a line from before options: the product's first option (the cart's default).
      await sources.addToCart(db, userId, {
        productId: item.productId,
        optionId: item.optionId ?? undefined,
        amount: 1,
      });
      result.added.push({ productId: item.productId, optionId: item.optionId, name });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const reason = error.code === 'NOT_FOUND' ? `${name} is no longer sold` : error.message;
      result.skipped.push({ productId: item.productId, optionId: item.optionId, name, reason });
    }
  }
  return result;
}

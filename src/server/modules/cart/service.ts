import { and, eq, lt, sql } from 'drizzle-orm';
import type { CartItem } from '#contract/cart.ts';
import { describeSaving } from '#contract/markdowns.ts';
import { centsToDollars, MAX_LINE_UNITS } from '#contract/money.ts';
import { lineCents } from '#contract/weighed.ts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { type CartProduct, countPopularity, productsForCart } from '../catalog/index.ts';
import { type CurrentTax, currentTax } from '../tax/index.ts';
import { type CartLine, listCartLines, unavailableReason } from './queries.ts';
import { cartAddRequests, cartItems } from './tables.ts';

export function toCartItem(line: CartLine, email: string, tax: Pick<CurrentTax, 'included'>): CartItem {
  const reason = unavailableReason(line);
  return {
    _id: line.id,
    productId: line.productId,
    email,
    image: line.image,
    name: line.name,
    spendMoney: centsToDollars(lineCents(line)),
    amount: line.amount,
    price: centsToDollars(line.priceCents),
    saving: describeSaving(line.saving, line.listPriceCents),
    shopName: line.shopName,
    shopId: line.vendorId,
    stock: line.stock,
    unit: line.unit,
    ...(line.pack ? { pack: line.pack } : {}),
    available: reason === null,
    unavailableReason: reason,
    ...(line.soldByWeight ? { soldByWeight: true, gramsPerPiece: line.gramsPerPiece } : {}),
    ...(line.taxBps > 0 ? { taxPercent: line.taxBps / 100, pricesIncludeTax: tax.included } : {}),
  };
}

export async function getCart(db: Db, user: { id: string; email: string }): Promise<CartItem[]> {
  const lines = await listCartLines(db, user.id);
  const tax = await currentTax(db);
  return lines.map((line) => toCartItem(line, user.email, tax));
}

/** Refuses a line of `total` units the product cannot fill now; `inCart` is what the line held before an add. */
function refuseBeyondStock(product: CartProduct, total: number, inCart = 0) {
  if (product.expired) throw conflict(`${product.name} has expired and can no longer be bought`);
  if (product.stock === 0) throw conflict(`${product.name} is sold out`);
  if (total > MAX_LINE_UNITS) {
    throw conflict(
      `Your cart already has ${inCart} of ${product.name}: at most ${MAX_LINE_UNITS} of one product per order`,
    );
  }
  if (total > product.stock) {
    throw conflict(
      inCart > 0
        ? `Only ${product.stock} of ${product.name} in stock and your cart already has ${inCart}`
        : `Only ${product.stock} of ${product.name} in stock`,
    );
  }
}

/**
 * Adds `amount` units to the user's cart (raising an existing line), never above the stock. The product row is
 * locked first, so two adds of the same product are checked one after the other. A user's first successful add
 * of a product raises its popularity (see countPopularity); later adds, and removals, leave it alone.
 * With a `requestId` (one per click), a request already honoured answers what it answered then and adds nothing.
 */
export async function addToCart(
  db: Db,
  userId: string,
  input: { productId: string; amount: number; requestId?: string },
) {
  const { productId, amount, requestId } = input;
  return db.transaction(async (tx) => {
    const product = (await productsForCart(tx, [productId], { lock: true })).get(productId);
    if (!product?.listed) throw notFound('Product');
    if (requestId) {
      const [done] = await tx
        .select({ lineId: cartAddRequests.lineId, amount: cartAddRequests.amount })
        .from(cartAddRequests)
        .where(and(eq(cartAddRequests.userId, userId), eq(cartAddRequests.requestId, requestId)));
      if (done) return { ...done, productName: product.name };
    }

    const [existing] = await tx
      .select({ amount: cartItems.amount })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
    const inCart = existing?.amount ?? 0;
    refuseBeyondStock(product, inCart + amount, inCart);
    const [line] = await tx
      .insert(cartItems)
      .values({ userId, productId, amount })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { amount: sql`${cartItems.amount} + excluded.amount` },
      })
      .returning({ id: cartItems.id, amount: cartItems.amount });
    await countPopularity(tx, productId, userId);
    if (requestId) {
      await tx
        .delete(cartAddRequests)
        .where(and(eq(cartAddRequests.userId, userId), lt(cartAddRequests.createdAt, sql`now() - interval '1 day'`)));
      await tx.insert(cartAddRequests).values({ userId, requestId, lineId: line.id, amount: line.amount });
    }
    return { lineId: line.id, amount: line.amount, productName: product.name };
  });
}

/** Looks up one of the caller's cart lines: 404 when there is none, 403 when it is someone else's. */
async function ownLine(db: Db, userId: string, id: string) {
  const [line] = await db
    .select({ userId: cartItems.userId, productId: cartItems.productId })
    .from(cartItems)
    .where(eq(cartItems.id, id));
  if (!line) throw notFound('Cart item');
  if (line.userId !== userId) throw forbidden('This cart item is not yours');
  return line;
}

/** Sets the amount of one of the caller's own lines, from 1 to the product's stock; answers the line. */
export async function setCartAmount(db: Db, user: { id: string; email: string }, id: string, amount: number) {
  const { productId } = await ownLine(db, user.id, id);
  await db.transaction(async (tx) => {
    const product = (await productsForCart(tx, [productId], { lock: true })).get(productId);
    if (!product?.listed) throw conflict(`${product?.name ?? 'This product'} is no longer sold`);
    refuseBeyondStock(product, amount);
    await tx
      .update(cartItems)
      .set({ amount })
      .where(and(eq(cartItems.id, id), eq(cartItems.userId, user.id)));
  });
  const line = (await listCartLines(db, user.id)).find((l) => l.id === id);
  if (!line) throw notFound('Cart item');
  return toCartItem(line, user.email, await currentTax(db));
}

/** Deletes one of the caller's own cart lines; answers how many were deleted. */
export async function removeFromCart(db: Db, userId: string, id: string): Promise<number> {
  await ownLine(db, userId, id);
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return deleted.length;
}

import { and, eq, sql } from 'drizzle-orm';
import type { CartItem } from '#contract/cart.ts';
import { centsToDollars, MAX_LINE_UNITS } from '#contract/money.ts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { countPopularity, productsForCart } from '../catalog/index.ts';
import { type CartLine, listCartLines, unavailableReason } from './queries.ts';
import { cartItems } from './tables.ts';

export function toCartItem(line: CartLine, email: string): CartItem {
  const reason = unavailableReason(line);
  return {
    _id: line.id,
    productId: line.productId,
    email,
    image: line.image,
    name: line.name,
    spendMoney: centsToDollars(line.priceCents * line.amount),
    amount: line.amount,
    price: centsToDollars(line.priceCents),
    shopName: line.shopName,
    shopEmail: line.shopEmail,
    stock: line.stock,
    available: reason === null,
    unavailableReason: reason,
  };
}

export async function getCart(db: Db, user: { id: string; email: string }): Promise<CartItem[]> {
  const lines = await listCartLines(db, user.id);
  return lines.map((line) => toCartItem(line, user.email));
}

/**
 * Adds `amount` units to the user's cart (raising an existing line), never above the stock. The product row is
 * locked first, so two adds of the same product are checked one after the other. A user's first successful add
 * of a product raises its popularity (see countPopularity); later adds, and removals, leave it alone.
 */
export async function addToCart(db: Db, userId: string, productId: string, amount: number) {
  return db.transaction(async (tx) => {
    const product = (await productsForCart(tx, [productId], { lock: true })).get(productId);
    if (!product?.listed) throw notFound('Product');
    if (product.expired) throw conflict(`${product.name} has expired and can no longer be bought`);
    if (product.stock === 0) throw conflict(`${product.name} is sold out`);

    const [existing] = await tx
      .select({ amount: cartItems.amount })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
    const inCart = existing?.amount ?? 0;
    if (inCart + amount > MAX_LINE_UNITS) {
      throw conflict(
        `Your cart already has ${inCart} of ${product.name}: at most ${MAX_LINE_UNITS} of one product per order`,
      );
    }
    if (inCart + amount > product.stock) {
      throw conflict(
        inCart > 0
          ? `Only ${product.stock} of ${product.name} in stock and your cart already has ${inCart}`
          : `Only ${product.stock} of ${product.name} in stock`,
      );
    }
    const [line] = await tx
      .insert(cartItems)
      .values({ userId, productId, amount })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { amount: sql`${cartItems.amount} + excluded.amount` },
      })
      .returning({ id: cartItems.id, amount: cartItems.amount });
    await countPopularity(tx, productId, userId);
    return { insertedId: line.id, amount: line.amount, productName: product.name };
  });
}

/** Deletes one of the caller's own cart lines. */
export async function removeFromCart(db: Db, userId: string, id: string) {
  const [line] = await db.select({ userId: cartItems.userId }).from(cartItems).where(eq(cartItems.id, id));
  if (!line) throw notFound('Cart item');
  if (line.userId !== userId) throw forbidden('This cart item is not yours');
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return { deletedCount: deleted.length };
}

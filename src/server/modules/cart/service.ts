import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { type CartItem, CHOOSE_OPTION } from '#contract/cart.ts';
import { describeSaving } from '#contract/markdowns.ts';
import { centsToDollars, MAX_LINE_UNITS } from '#contract/money.ts';
import { lineCents } from '#contract/weighed.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { type CartOption, countPopularity, firstOptionIds, productsForCart } from '../catalog/index.ts';
import { isShopListed } from '../shops/index.ts';
import { type CurrentTax, currentTax } from '../tax/index.ts';
import { type CartLine, lineName, listCartLines, unavailableReason } from './queries.ts';
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
    ...(line.pieceName ? { pieceName: line.pieceName } : {}),
    available: reason === null,
    unavailableReason: reason,
    ...(line.soldByWeight ? { soldByWeight: true, gramsPerPiece: line.gramsPerPiece } : {}),
    ...(line.taxBps > 0 ? { taxPercent: line.taxBps / 100, pricesIncludeTax: tax.included } : {}),
    optionId: line.optionId,
    // The label wherever the line's name carries it (lineName): not for a product sold in one size.
    optionLabel: lineName(line) === line.name ? null : line.optionLabel,
  };
}

export async function getCart(db: Db, user: { id: string; email: string }): Promise<CartItem[]> {
  const lines = await listCartLines(db, user.id);
  const tax = await currentTax(db);
  return lines.map((line) => toCartItem(line, user.email, tax));
}

/**
 * Refuses a line of `total` units its option cannot fill now; `inCart` is what the line held before an add, and
 * `otherPoolUnits` the pool units the shopper's other sizes of the product take (decision 052: a dozen and a half
 * dozen from one pool of eggs must fit in it together).
 */
function refuseBeyondStock(option: CartOption, total: number, inCart = 0, otherPoolUnits = 0) {
  const name = lineName(option);
  if (option.expired) throw conflict(`${name} has expired and can no longer be bought`);
  if (option.stock === 0) throw conflict(`${name} is sold out`);
  if (total > MAX_LINE_UNITS) {
    throw conflict(`Your cart already has ${inCart} of ${name}: at most ${MAX_LINE_UNITS} of one product per order`);
  }
  if (total > option.stock) {
    throw conflict(
      inCart > 0
        ? `Only ${option.stock} of ${name} in stock and your cart already has ${inCart}`
        : `Only ${option.stock} of ${name} in stock`,
    );
  }
  if (option.draws !== null && option.pool !== null && otherPoolUnits + total * option.draws > option.pool) {
    const fits = Math.floor(Math.max(0, option.pool - otherPoolUnits) / option.draws);
    throw conflict(
      `Only ${fits} more of ${name} in stock: the other sizes of ${option.name} in your cart take ${otherPoolUnits} of the ${option.pool} left`,
    );
  }
}

const refuseOption = () => badRequest(CHOOSE_OPTION, { optionId: CHOOSE_OPTION });

/**
 * The option of a line to add or change, with its product's row locked (FOR UPDATE, by productsForCart): two adds of
 * one product, whatever their sizes, are checked one after the other. Answers too the pool units the shopper's other
 * lines of the product take, read under that lock.
 */
async function lockOption(tx: Tx, userId: string, optionId: string) {
  const option = (await productsForCart(tx, [optionId], { lock: true })).get(optionId);
  if (!option || option.draws === null) return { option, otherPoolUnits: 0 };
  const siblings = await tx
    .select({ optionId: cartItems.optionId, amount: cartItems.amount })
    .from(cartItems)
    .where(
      and(eq(cartItems.userId, userId), eq(cartItems.productId, option.productId), ne(cartItems.optionId, optionId)),
    );
  const others = await productsForCart(
    tx,
    siblings.map((line) => line.optionId),
  );
  const otherPoolUnits = siblings.reduce((sum, line) => sum + line.amount * (others.get(line.optionId)?.draws ?? 0), 0);
  return { option, otherPoolUnits };
}

/**
 * Adds `amount` units of an option (the product's first listed one when none is named) to the user's cart, raising
 * an existing line of that option, never above what it can fill. The product row is locked first, so two adds of the
 * same product are checked one after the other. A user's first successful add of a product raises its popularity
 * (see countPopularity); later adds, and removals, leave it alone. With a `requestId` (one per click), a request
 * already honoured answers what it answered then and adds nothing.
 */
export async function addToCart(
  db: Db,
  userId: string,
  input: { productId: string; optionId?: string; amount: number; requestId?: string },
) {
  const { productId, amount, requestId } = input;
  return db.transaction(async (tx) => {
    const first = input.optionId ? undefined : (await firstOptionIds(tx, [productId])).get(productId);
    const optionId = input.optionId ?? first;
    if (!optionId) throw notFound('Product');
    const { option, otherPoolUnits } = await lockOption(tx, userId, optionId);
    if (!option || option.productId !== productId) {
      // An option of another product (or of none): the product's own are the ones to choose from.
      if (!option && !(await firstOptionIds(tx, [productId])).has(productId)) throw notFound('Product');
      throw refuseOption();
    }
    // A shop waiting for the admin's review (or turned down) sells nothing: its products are not found.
    if (!(await isShopListed(tx, option.vendorId))) throw notFound('Product');
    if (!option.listed) {
      // The product still on sale (it has a listed option) but not this size: choose another.
      if ((await firstOptionIds(tx, [productId])).has(productId)) throw refuseOption();
      throw notFound('Product');
    }
    if (requestId) {
      const [done] = await tx
        .select({ lineId: cartAddRequests.lineId, amount: cartAddRequests.amount })
        .from(cartAddRequests)
        .where(and(eq(cartAddRequests.userId, userId), eq(cartAddRequests.requestId, requestId)));
      if (done) return { ...done, productName: option.name, optionId };
    }

    const [existing] = await tx
      .select({ amount: cartItems.amount })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.optionId, optionId)));
    const inCart = existing?.amount ?? 0;
    refuseBeyondStock(option, inCart + amount, inCart, otherPoolUnits);
    const [line] = await tx
      .insert(cartItems)
      .values({ userId, productId, optionId, amount })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.optionId],
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
    return { lineId: line.id, amount: line.amount, productName: option.name, optionId };
  });
}

/** Looks up one of the caller's cart lines: 404 when there is none, 403 when it is someone else's. */
async function ownLine(db: Db, userId: string, id: string) {
  const [line] = await db
    .select({ userId: cartItems.userId, productId: cartItems.productId, optionId: cartItems.optionId })
    .from(cartItems)
    .where(eq(cartItems.id, id));
  if (!line) throw notFound('Cart item');
  if (line.userId !== userId) throw forbidden('This cart item is not yours');
  return line;
}

/** Sets the amount of one of the caller's own lines, from 1 to what its option can fill; answers the line. */
export async function setCartAmount(db: Db, user: { id: string; email: string }, id: string, amount: number) {
  const { optionId } = await ownLine(db, user.id, id);
  await db.transaction(async (tx) => {
    const { option, otherPoolUnits } = await lockOption(tx, user.id, optionId);
    if (!option?.listed) {
      throw conflict(`${option ? lineName(option) : 'This product'} is no longer sold`);
    }
    refuseBeyondStock(option, amount, 0, otherPoolUnits);
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

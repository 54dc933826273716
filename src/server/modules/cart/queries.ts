import { and, asc, eq, inArray } from 'drizzle-orm';
import { heldLineCents, lineCents } from '#contract/weighed.ts';
import type { Tx } from '../../db/client.ts';
import { type CartProduct, productsForCart } from '../catalog/index.ts';
import { cartItems } from './tables.ts';

/** A cart line with the product as it is right now; `available` is false when it cannot be bought. */
export type CartLine = Omit<CartProduct, 'id'> & { id: string; productId: string; amount: number; createdAt: Date };

export type UnavailableReason = 'sold_out' | 'expired' | 'unlisted' | 'not_enough_stock';

export function unavailableReason(line: Pick<CartLine, 'listed' | 'expired' | 'stock' | 'amount'>) {
  if (!line.listed) return 'unlisted' as const;
  if (line.expired) return 'expired' as const;
  if (line.stock === 0) return 'sold_out' as const;
  if (line.stock < line.amount) return 'not_enough_stock' as const;
  return null;
}

/** What a shopper reads when a line cannot be bought. */
export function unavailableMessage(line: CartLine, reason: UnavailableReason): string {
  switch (reason) {
    case 'unlisted':
      return `${line.name} is no longer sold`;
    case 'expired':
      return `${line.name} has expired and can no longer be bought`;
    case 'sold_out':
      return `${line.name} is sold out`;
    case 'not_enough_stock':
      return `${line.name} is sold out: only ${line.stock} left, your cart asks for ${line.amount}`;
  }
}

/** The user's lines joined in code with their products (lines whose product is gone are left out). */
async function withProducts(
  db: Tx,
  lines: { id: string; productId: string; amount: number; createdAt: Date }[],
  lock: boolean,
): Promise<CartLine[]> {
  const products = await productsForCart(
    db,
    lines.map((line) => line.productId),
    { lock },
  );
  return lines.flatMap((line) => {
    const product = products.get(line.productId);
    if (!product) return [];
    const { id: _, ...rest } = product;
    return [{ ...rest, id: line.id, productId: line.productId, amount: line.amount, createdAt: line.createdAt }];
  });
}

const lineColumns = {
  id: cartItems.id,
  productId: cartItems.productId,
  amount: cartItems.amount,
  createdAt: cartItems.createdAt,
};

/** The user's cart lines, oldest first. */
export async function listCartLines(db: Tx, userId: string): Promise<CartLine[]> {
  const lines = await db
    .select(lineColumns)
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return withProducts(db, lines, false);
}

/**
 * The user's cart lines, in product id order, with their product rows locked (FOR UPDATE, taken by the catalog
 * in product id order, so that two checkouts sharing products lock them in the same order and cannot deadlock).
 */
export async function lockCartLinesForCheckout(tx: Tx, userId: string): Promise<CartLine[]> {
  const lines = await tx
    .select(lineColumns)
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.productId));
  return withProducts(tx, lines, true);
}

export async function removeCartLines(tx: Tx, userId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)));
}

type Priced = Pick<CartLine, 'priceCents' | 'amount' | 'soldByWeight' | 'gramsPerPiece'>;

/** The goods' price, weighed goods at their estimate. */
export function subtotalCents(lines: Priced[]): number {
  return lines.reduce((sum, line) => sum + lineCents(line), 0);
}

/** What the card is authorized for the goods: weighed lines at their estimate plus the hold margin. */
export function holdSubtotalCents(lines: Priced[]): number {
  return lines.reduce(
    (sum, line) => sum + heldLineCents({ totalCents: lineCents(line), soldByWeight: line.soldByWeight }),
    0,
  );
}

export const hasWeighedGoods = (lines: Pick<CartLine, 'soldByWeight'>[]) => lines.some((line) => line.soldByWeight);

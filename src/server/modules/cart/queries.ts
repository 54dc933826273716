import { and, asc, eq, inArray } from 'drizzle-orm';
import { heldLineCents, lineCents } from '#contract/weighed.ts';
import type { Tx } from '../../db/client.ts';
import { type CartOption, productsForCart } from '../catalog/index.ts';
import { cartItems } from './tables.ts';

/**
 * A cart line with its option as it is right now (decision 052: price, unit, pack, weight and available units are
 * the option's); `poolWanted` is the pool units all of the shopper's lines of its product take together (sum of
 * amount × draws), null when its option has its own stock.
 */
export type CartLine = Omit<CartOption, 'id'> & {
  id: string;
  productId: string;
  optionId: string;
  amount: number;
  createdAt: Date;
  poolWanted: number | null;
};

export type UnavailableReason = 'sold_out' | 'expired' | 'unlisted' | 'not_enough_stock';

export function unavailableReason(
  line: Pick<CartLine, 'listed' | 'expired' | 'stock' | 'amount' | 'pool' | 'poolWanted'>,
) {
  if (!line.listed) return 'unlisted' as const;
  if (line.expired) return 'expired' as const;
  if (line.stock === 0) return 'sold_out' as const;
  if (line.stock < line.amount) return 'not_enough_stock' as const;
  // Two sizes drawing from one pool: together they must fit in it.
  if (line.pool !== null && line.poolWanted !== null && line.poolWanted > line.pool) return 'not_enough_stock' as const;
  return null;
}

/**
 * A line's name as shoppers, receipts and shops read it: "Eggs — Dozen" when its product has several options on sale,
 * or still sells others while this one is no longer sold; the product's name alone otherwise.
 */
export function lineName(line: Pick<CartOption, 'name' | 'optionLabel' | 'optionCount' | 'listed'>): string {
  const named = line.optionCount > 1 || (!line.listed && line.optionCount > 0);
  return named ? `${line.name} — ${line.optionLabel}` : line.name;
}

/** What a shopper reads when a line cannot be bought. */
export function unavailableMessage(line: CartLine, reason: UnavailableReason): string {
  const name = lineName(line);
  switch (reason) {
    case 'unlisted':
      return `${name} is no longer sold`;
    case 'expired':
      return `${name} has expired and can no longer be bought`;
    case 'sold_out':
      return `${name} is sold out`;
    case 'not_enough_stock':
      return line.stock >= line.amount && line.pool !== null && line.poolWanted !== null
        ? `${line.name} is sold out: only ${line.pool} left to share between the sizes in your cart, which take ${line.poolWanted}`
        : `${name} is sold out: only ${line.stock} left, your cart asks for ${line.amount}`;
  }
}

/** The pool units each product's lines take together (options drawing from a shared pool only). */
export function poolUnitsByProduct(lines: readonly { productId: string; amount: number; draws: number | null }[]) {
  const wanted = new Map<string, number>();
  for (const line of lines) {
    if (line.draws === null) continue;
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.amount * line.draws);
  }
  return wanted;
}

/** The user's lines joined in code with their options (lines whose option or product is gone are left out). */
async function withProducts(
  db: Tx,
  lines: { id: string; optionId: string; amount: number; createdAt: Date }[],
  lock: boolean,
): Promise<CartLine[]> {
  const options = await productsForCart(
    db,
    lines.map((line) => line.optionId),
    { lock },
  );
  const joined = lines.flatMap((line) => {
    const option = options.get(line.optionId);
    if (!option) return [];
    const { id: _, ...rest } = option;
    return [{ ...rest, id: line.id, amount: line.amount, createdAt: line.createdAt }];
  });
  const wanted = poolUnitsByProduct(joined);
  return joined.map((line) => ({
    ...line,
    poolWanted: line.draws === null ? null : (wanted.get(line.productId) ?? 0),
  }));
}

const lineColumns = {
  id: cartItems.id,
  optionId: cartItems.optionId,
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
 * The user's cart lines, in product id order, with their products' rows locked (FOR UPDATE, taken by the catalog
 * in product id order whatever the options, so that two checkouts sharing products lock them in the same order and cannot deadlock).
 */
export async function lockCartLinesForCheckout(tx: Tx, userId: string): Promise<CartLine[]> {
  const lines = await tx
    .select(lineColumns)
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.productId), asc(cartItems.optionId));
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

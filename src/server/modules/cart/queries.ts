import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { products } from '../catalog/tables.ts';
import { users } from '../users/tables.ts';
import { cartItems } from './tables.ts';

/** A cart line with the product as it is right now; `available` is false when it cannot be bought. */
export type CartLine = {
  id: string;
  productId: string;
  amount: number;
  name: string;
  image: string;
  priceCents: number;
  stock: number;
  listed: boolean;
  expired: boolean;
  vendorId: string;
  shopName: string;
  shopEmail: string;
  createdAt: Date;
};

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

const lineColumns = {
  id: cartItems.id,
  productId: cartItems.productId,
  amount: cartItems.amount,
  name: products.name,
  image: products.imageUrl,
  priceCents: products.priceCents,
  stock: products.stock,
  listed: products.listed,
  expired: sql<boolean>`${products.expiresOn} < ${BUSINESS_TODAY}`,
  vendorId: products.vendorId,
  shopName: sql<string>`coalesce(${users.shopName}, ${users.name})`,
  shopEmail: users.email,
  createdAt: cartItems.createdAt,
};

/** The user's cart lines, oldest first. */
export function listCartLines(db: Tx, userId: string): Promise<CartLine[]> {
  return db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(users, eq(users.id, products.vendorId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/**
 * The user's cart lines with their product rows locked (FOR UPDATE), always in product id order so that
 * two checkouts sharing products lock them in the same order and cannot deadlock.
 */
export function lockCartLinesForCheckout(tx: Tx, userId: string): Promise<CartLine[]> {
  return tx
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(users, eq(users.id, products.vendorId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(products.id))
    .for('update', { of: products });
}

export async function removeCartLines(tx: Tx, userId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)));
}

export function subtotalCents(lines: Pick<CartLine, 'priceCents' | 'amount'>[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents * line.amount, 0);
}

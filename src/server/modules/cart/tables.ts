import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, reference } from '../../db/columns.ts';
import { products } from '../catalog/tables.ts';
import { users } from '../users/tables.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    productId: reference('product_id', () => products.id, 'cascade'),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_key').on(t.userId, t.productId),
    check('cart_items_amount_positive', sql`${t.amount} > 0`),
  ],
);

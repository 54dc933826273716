import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';
import { products } from '../catalog/tables.ts';
import { users } from '../users/tables.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_key').on(t.userId, t.productId),
    check('cart_items_amount_positive', sql`${t.amount} > 0`),
  ],
);

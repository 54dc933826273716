import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** The request ids of the shopper's add-to-cart clicks: a retried request (same id) adds nothing more. */
export const cartAddRequests = pgTable(
  'cart_add_requests',
  {
    userId: reference('user_id', () => users.id, 'cascade'),
    requestId: uuid('request_id').notNull(),
    /** What the add answered: the line and its amount after it. */
    lineId: uuid('line_id').notNull(),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'cart_add_requests_pkey', columns: [t.userId, t.requestId] })],
);

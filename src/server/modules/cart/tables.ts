import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { productOptions, products } from '../catalog/tables.ts';
import { shops } from '../shops/tables.ts';
import { fulfilmentWindows } from '../slots/tables.ts';
import { users } from '../users/tables.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    productId: reference('product_id', () => products.id, 'cascade'),
    /** The size or pack in the cart (decision 052): a dozen and a half dozen of one product are two lines. */
    optionId: reference('option_id', () => productOptions.id, 'cascade'),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_option_key').on(t.userId, t.optionId),
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

/**
 * The slot a shopper chose for one shop's part of the cart (the window and the date its slot starts on) and the
 * note to the producer; kept until that shop's part is ordered.
 */
export const cartShopChoices = pgTable(
  'cart_shop_choices',
  {
    userId: reference('user_id', () => users.id, 'cascade'),
    shopId: reference('shop_id', () => shops.vendorId, 'cascade'),
    windowId: reference('window_id', () => fulfilmentWindows.id, 'cascade'),
    date: date('date').notNull(),
    note: text('note'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'cart_shop_choices_pkey', columns: [t.userId, t.shopId] }),
    check('cart_shop_choices_note_length', sql`${t.note} IS NULL OR char_length(${t.note}) BETWEEN 1 AND 500`),
  ],
);

/** Where the delivered parts of a shopper's cart go (one address for every shop that delivers). */
export const cartDeliveryAddresses = pgTable('cart_delivery_addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  postcode: text('postcode').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

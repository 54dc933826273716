import { date, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, reference } from '../../db/columns.ts';
import { products } from '../catalog/tables.ts';
import { shops } from '../shops/tables.ts';
import { users } from '../users/tables.ts';

/**
 * The products each shopper saved as favourites, and the business day they were last told it is back in stock
 * (so at most once a day per shopper and product).
 */
export const favouriteProducts = pgTable(
  'favourite_products',
  {
    userId: reference('user_id', () => users.id, 'cascade'),
    productId: reference('product_id', () => products.id, 'cascade'),
    backInStockToldOn: date('back_in_stock_told_on'),
    markedDownToldOn: date('marked_down_told_on'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('favourite_products_product_idx').on(t.productId),
    index('favourite_products_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** The shops each shopper saved as favourites. */
export const favouriteShops = pgTable(
  'favourite_shops',
  {
    userId: reference('user_id', () => users.id, 'cascade'),
    vendorId: reference('vendor_id', () => shops.vendorId, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.vendorId] }),
    index('favourite_shops_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { type CartOption, productsForCart } from './stock.ts';
import { productOptions, products } from './tables.ts';

/**
 * The shop's options on sale now (listed, its product listed and not past its date), each as a cart line would take
 * it (productsForCart: price, stock), by product name then the option's position; at most `limit`.
 */
export async function shopOptionsOnSale(db: Tx, shopId: string, limit = 300): Promise<CartOption[]> {
  const rows = await db
    .select({ id: productOptions.id })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .where(
      and(
        eq(products.vendorId, shopId),
        eq(products.listed, true),
        eq(productOptions.listed, true),
        or(isNull(products.expiresOn), sql`${products.expiresOn} >= ${BUSINESS_TODAY}`),
      ),
    )
    .orderBy(asc(products.name), asc(productOptions.position))
    .limit(limit);
  const options = await productsForCart(
    db,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    const option = options.get(row.id);
    return option?.listed && !option.expired ? [option] : [];
  });
}

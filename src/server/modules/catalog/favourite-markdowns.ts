import type { Db } from '../../db/client.ts';
import { tellFansMarkedDown } from '../favourites/index.ts';
import { shopCards } from '../shops/index.ts';
import { productsEnteringMarkdown } from './markdowns.ts';

/**
 * Tells each shopper whose favourite product enters its near-expiry markdown window on `day` (a business day,
 * YYYY-MM-DD), at most once a day per shopper and product (the favourites module keeps the day it last told), in one
 * transaction, so the daily job may run again (or in several processes) safely. Answers how many shoppers were told.
 */
export async function tellFavouritesMarkedDown(db: Db, day: string): Promise<number> {
  return db.transaction(async (tx) => {
    const entering = await productsEnteringMarkdown(tx, day);
    if (entering.length === 0) return 0;
    const shops = await shopCards(
      tx,
      entering.map((p) => p.vendorId),
    );
    let told = 0;
    for (const product of entering) {
      told += await tellFansMarkedDown(tx, day, {
        productId: product.productId,
        productName: product.name,
        shopName: shops.get(product.vendorId)?.name ?? '',
        percent: product.percent,
        useBy: product.useBy,
      });
    }
    return told;
  });
}

import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';
import { shopCards } from '../shops/index.ts';
import { activeAccountsByIds } from '../users/index.ts';
import { productsEnteringMarkdown } from './markdowns.ts';
import { favouriteProducts } from './tables.ts';

/**
 * Tells each shopper whose favourite product enters its near-expiry markdown window on `day` (a business day,
 * YYYY-MM-DD), at most once a day per shopper and product: the favourite row keeps the day it last told, set in
 * the transaction that writes the notification, so the daily job may run again (or in several processes) safely.
 * Answers how many shoppers were told.
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
      const fans = await tx
        .update(favouriteProducts)
        .set({ markedDownToldOn: day })
        .where(
          and(
            eq(favouriteProducts.productId, product.productId),
            or(isNull(favouriteProducts.markedDownToldOn), lt(favouriteProducts.markedDownToldOn, day)),
          ),
        )
        .returning({ userId: favouriteProducts.userId });
      const accounts = await activeAccountsByIds(
        tx,
        fans.map((fan) => fan.userId),
      );
      await notify(
        tx,
        [...accounts.values()].map((account) => ({ userId: account.id, email: account.email })),
        {
          kind: 'marked_down',
          productId: product.productId,
          productName: product.name,
          shopName: shops.get(product.vendorId)?.name ?? '',
          percent: product.percent,
          useBy: product.useBy,
        },
      );
      told += accounts.size;
    }
    return told;
  });
}

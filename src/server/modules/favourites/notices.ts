import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { NotificationEvent } from '#contract/notifications.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';
import { activeAccountsByIds } from '../users/index.ts';
import { favouriteProducts } from './tables.ts';

type BackInStock = Omit<Extract<NotificationEvent, { kind: 'back_in_stock' }>, 'kind'>;
type MarkedDown = Omit<Extract<NotificationEvent, { kind: 'marked_down' }>, 'kind'>;

/**
 * Tells each shopper who favourited this product, back from sold out, in the transaction of the stock change (the
 * catalog's tellStockChanges): at most once a business day per shopper and product, as the favourite row keeps the
 * day it last told.
 */
export async function tellFansBackInStock(tx: Tx, event: BackInStock): Promise<void> {
  const told = await tx
    .update(favouriteProducts)
    .set({ backInStockToldOn: BUSINESS_TODAY })
    .where(
      and(
        eq(favouriteProducts.productId, event.productId),
        or(isNull(favouriteProducts.backInStockToldOn), lt(favouriteProducts.backInStockToldOn, BUSINESS_TODAY)),
      ),
    )
    .returning({ userId: favouriteProducts.userId });
  const accounts = await activeAccountsByIds(
    tx,
    told.map((row) => row.userId),
  );
  await notify(
    tx,
    [...accounts.values()].map((account) => ({ userId: account.id, email: account.email })),
    { kind: 'back_in_stock', ...event },
  );
}

/**
 * Tells each shopper who favourited this product that it enters its near-expiry markdown window on `day` (a business
 * day, YYYY-MM-DD), at most once a day per shopper and product: the favourite row keeps the day it last told, set in
 * the transaction that writes the notification (the catalog's tellFavouritesMarkedDown). Answers how many were told.
 */
export async function tellFansMarkedDown(tx: Tx, day: string, event: MarkedDown): Promise<number> {
  const fans = await tx
    .update(favouriteProducts)
    .set({ markedDownToldOn: day })
    .where(
      and(
        eq(favouriteProducts.productId, event.productId),
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
    { kind: 'marked_down', ...event },
  );
  return accounts.size;
}

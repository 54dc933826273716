import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { NotificationEvent } from '#contract/notifications.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';
import { activeAccountsByIds } from '../users/index.ts';
import { favouriteProducts } from './tables.ts';

type BackInStock = Omit<Extract<NotificationEvent, { kind: 'back_in_stock' }>, 'kind'>;
type MarkedDown = Omit<Extract<NotificationEvent, { kind: 'marked_down' }>, 'kind'>;

/**
 * Tells the shoppers who favourited the event's product, and whose favourite row (its `toldOn` column) says they were
 * not yet told this news by `day`, and sets that column to `day` in the same transaction, so each is told at most once
 * a day. Only enabled accounts are told; answers how many were.
 */
async function tellFans(
  tx: Tx,
  toldOn: 'backInStockToldOn' | 'markedDownToldOn',
  day: string | SQL,
  event: Extract<NotificationEvent, { kind: 'back_in_stock' | 'marked_down' }>,
): Promise<number> {
  const column = favouriteProducts[toldOn];
  const fans = await tx
    .update(favouriteProducts)
    .set(toldOn === 'backInStockToldOn' ? { backInStockToldOn: day } : { markedDownToldOn: day })
    .where(and(eq(favouriteProducts.productId, event.productId), or(isNull(column), lt(column, day))))
    .returning({ userId: favouriteProducts.userId });
  const accounts = await activeAccountsByIds(
    tx,
    fans.map((fan) => fan.userId),
  );
  await notify(
    tx,
    [...accounts.values()].map((account) => ({ userId: account.id, email: account.email })),
    event,
  );
  return accounts.size;
}

/**
 * Tells each shopper who favourited this product, back from sold out, in the transaction of the stock change (the
 * catalog's tellStockChanges): at most once a business day per shopper and product, as the favourite row keeps the
 * day it last told.
 */
export async function tellFansBackInStock(tx: Tx, event: BackInStock): Promise<void> {
  await tellFans(tx, 'backInStockToldOn', BUSINESS_TODAY, { kind: 'back_in_stock', ...event });
}

/**
 * Tells each shopper who favourited this product that it enters its near-expiry markdown window on `day` (a business
 * day, YYYY-MM-DD), at most once a day per shopper and product: the favourite row keeps the day it last told, set in
 * the transaction that writes the notification (the catalog's tellFavouritesMarkedDown). Answers how many were told.
 */
export function tellFansMarkedDown(tx: Tx, day: string, event: MarkedDown): Promise<number> {
  return tellFans(tx, 'markedDownToldOn', day, { kind: 'marked_down', ...event });
}

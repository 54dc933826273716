import { and, eq, isNull } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Tx } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';
import { shopOf } from '../shops/index.ts';
import { accountsByIds } from '../users/index.ts';
import { slotBookings } from './tables.ts';

/**
 * A cancelled slot tells each shopper booked in it, once per order, in the cancelling transaction:
 * "Green Valley Farm: Sat, Nov 28, Saturday 09:00–12:00 is cancelled".
 */
/** The FS- numbers of orders by id, read by the orders module (which builds on this one). */
export type OrderNumbersOf = (db: Tx, orderIds: string[]) => Promise<Map<string, string>>;

export async function tellBookedShoppers(
  tx: Tx,
  shopId: string,
  windowId: string,
  date: string,
  window: string,
  orderNumbersOf?: OrderNumbersOf,
) {
  const booked = await tx
    .select({ shopperId: slotBookings.shopperId, orderId: slotBookings.orderId })
    .from(slotBookings)
    .where(and(eq(slotBookings.windowId, windowId), eq(slotBookings.date, date), isNull(slotBookings.cancelledAt)));
  if (booked.length === 0) return;
  const accounts = await accountsByIds(
    tx,
    booked.map((b) => b.shopperId),
  );
  const shopName = (await shopOf(tx, shopId))?.name ?? 'Your shop';
  const day = Temporal.PlainDate.from(date).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
  const numbers = orderNumbersOf
    ? await orderNumbersOf(
        tx,
        booked.flatMap((b) => (b.orderId ? [b.orderId] : [])),
      )
    : new Map<string, string>();
  for (const { shopperId, orderId } of booked) {
    const account = accounts.get(shopperId);
    if (!account || !orderId) continue;
    await notify(tx, [{ userId: shopperId, email: account.email }], {
      kind: 'slot_cancelled',
      orderId,
      orderNumber: numbers.get(orderId),
      shopName,
      when: `${day}, ${window.replace(/^\w+ /, '')}`,
    });
  }
}

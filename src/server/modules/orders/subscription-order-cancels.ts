import type { Tx } from '../../db/client.ts';

/** What becomes of a subscription delivery whose order its buyer cancelled whole before the charge. */
export type SubscriptionOrderCancelled = (tx: Tx, orderId: string) => Promise<void>;
/** What becomes of a subscription delivery whose order its buyer moved to another slot on the order's page. */
export type SubscriptionOrderMoved = (
  tx: Tx,
  orderId: string,
  slot: { windowId: string; slotDate: string; startsAt: Date; closesAt: Date },
) => Promise<void>;

let cancelled: SubscriptionOrderCancelled = async () => {};
let moved: SubscriptionOrderMoved = async () => {};

/**
 * The subscriptions module, passed in by app.ts (it calls orders, so orders cannot import it): a buyer cancelling a
 * subscription order on its page skips that delivery, as the Subscriptions page's skip does (decision 068).
 */
export function whenSubscriptionOrderCancelled(hook: SubscriptionOrderCancelled): void {
  cancelled = hook;
}

/**
 * The same for a move: the delivery takes the new slot and is charged at its cutoff, or the move is refused when the
 * slot is not one of the plan's times in the delivery's week (passed in by app.ts).
 */
export function whenSubscriptionOrderMoved(hook: SubscriptionOrderMoved): void {
  moved = hook;
}

export const subscriptionOrderCancelled = (tx: Tx, orderId: string) => cancelled(tx, orderId);

export const subscriptionOrderMoved: SubscriptionOrderMoved = (tx, orderId, slot) => moved(tx, orderId, slot);

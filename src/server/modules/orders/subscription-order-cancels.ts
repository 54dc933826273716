import type { Tx } from '../../db/client.ts';

/** What becomes of a subscription delivery whose order its buyer cancelled whole before the charge. */
export type SubscriptionOrderCancelled = (tx: Tx, orderId: string) => Promise<void>;

let cancelled: SubscriptionOrderCancelled = async () => {};

/**
 * The subscriptions module, passed in by app.ts (it calls orders, so orders cannot import it): a buyer cancelling a
 * subscription order on its page skips that delivery, as the Subscriptions page's skip does (decision 068).
 */
export function whenSubscriptionOrderCancelled(hook: SubscriptionOrderCancelled): void {
  cancelled = hook;
}

export const subscriptionOrderCancelled = (tx: Tx, orderId: string) => cancelled(tx, orderId);

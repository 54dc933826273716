import { Temporal } from 'temporal-polyfill';
import type { Tx } from '../../db/client.ts';
import { servedWindows } from '../slots/index.ts';
import { deliveryDates } from './delivery-dates.ts';
import { subscriptionTerms } from './reserved-places.ts';
import type { subscriptionPlans, subscriptions } from './tables.ts';

/**
 * The deliveries a cancel made `today` still owes by the plan's notice (decision 068): those from today to
 * `notice_days` later, in the subscription's terms (its season and window), soonest first. None with no notice.
 */
export async function noticeDates(
  tx: Tx,
  subscription: typeof subscriptions.$inferSelect,
  plan: typeof subscriptionPlans.$inferSelect,
  today: string,
  defaultTimeZone: string,
): Promise<string[]> {
  if (plan.noticeDays === 0) return [];
  const window = (await servedWindows(tx, [subscription.windowId], defaultTimeZone)).get(subscription.windowId);
  if (!window || window.retired) return [];
  const last = Temporal.PlainDate.from(today).add({ days: plan.noticeDays }).toString();
  return deliveryDates(subscriptionTerms(subscription, plan, window.weekday), today, last);
}

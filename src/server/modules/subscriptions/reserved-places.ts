import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { servedWindows } from '../slots/index.ts';
import { type DeliveryTerms, deliveryDates } from './delivery-dates.ts';
import { subscriptionDeliveries, subscriptionPlans, subscriptions } from './tables.ts';

type Subscription = typeof subscriptions.$inferSelect;
type Plan = typeof subscriptionPlans.$inferSelect;

/** A subscription's delivery dates as its plan and window set them (the later of its and the season's start). */
export const subscriptionTerms = (subscription: Subscription, plan: Plan, weekday: number): DeliveryTerms => ({
  frequency: plan.frequency,
  weekday,
  firstOn: plan.startsOn && plan.startsOn > subscription.startsOn ? plan.startsOn : subscription.startsOn,
  lastOn: [plan.endsOn, subscription.endsAfter].filter((d): d is string => d !== null).sort()[0] ?? null,
});

/** Whether a date falls in the subscription's vacation. */
export const onVacation = (subscription: Subscription, date: string) =>
  subscription.pausedFrom !== null &&
  subscription.pausedUntil !== null &&
  subscription.pausedFrom <= date &&
  date <= subscription.pausedUntil;

/**
 * The places the running subscriptions hold in these windows' slots (decision 069): one per subscription on each
 * of its delivery dates from `fromDate` to `toDate` that has no delivery row yet (a row means it was skipped, cancelled
 * by the shop, or its order made and booked) and is not in its vacation. Paused subscriptions hold none, cancelled
 * ones only their dates left in the notice.
 */
export async function reservedPlaces(db: Tx, windowIds: string[], fromDate: string, toDate: string) {
  const rows = await db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        inArray(subscriptions.windowId, windowIds),
        // Active, or cancelled with deliveries left in its notice (its dates end at ends_after).
        or(
          eq(subscriptions.status, 'active'),
          and(eq(subscriptions.status, 'cancelled'), isNotNull(subscriptions.endsAfter)),
        ),
        ne(subscriptions.cardState, 'pending'),
        isNull(subscriptionPlans.endedAt),
        lte(subscriptions.startsOn, toDate),
        or(isNull(subscriptionPlans.endsOn), gte(subscriptionPlans.endsOn, fromDate)),
      ),
    );
  if (rows.length === 0) return [];
  const written = await db
    .select({ subscriptionId: subscriptionDeliveries.subscriptionId, date: subscriptionDeliveries.deliveryOn })
    .from(subscriptionDeliveries)
    .where(
      and(
        inArray(
          subscriptionDeliveries.subscriptionId,
          rows.map((r) => r.subscription.id),
        ),
        gte(subscriptionDeliveries.deliveryOn, fromDate),
        lte(subscriptionDeliveries.deliveryOn, toDate),
      ),
    );
  const done = new Set(written.map((w) => `${w.subscriptionId} ${w.date}`));
  // The zone does not change a window's weekday.
  const windows = await servedWindows(db, windowIds, 'UTC');
  const held = new Map<string, { windowId: string; date: string; reserved: number }>();
  for (const { subscription, plan } of rows) {
    const weekday = windows.get(subscription.windowId)?.weekday;
    if (weekday === undefined) continue;
    for (const date of deliveryDates(subscriptionTerms(subscription, plan, weekday), fromDate, toDate)) {
      if (done.has(`${subscription.id} ${date}`) || onVacation(subscription, date)) continue;
      const key = `${subscription.windowId} ${date}`;
      const current = held.get(key) ?? { windowId: subscription.windowId, date, reserved: 0 };
      current.reserved += 1;
      held.set(key, current);
    }
  }
  return [...held.values()];
}

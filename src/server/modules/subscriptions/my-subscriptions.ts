import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { weeklyWindowLabel } from '#contract/fulfilment-labels.ts';
import { centsToDollars } from '#contract/money.ts';
import { WEEKDAYS } from '#contract/slots.ts';
import type { ComingDelivery, DeliveryState, DeliveryStatus, MySubscription } from '#contract/subscribers.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { orderHeadsOf } from '../orders/index.ts';
import { shopsByVendorIds } from '../shops/index.ts';
import { cancelledSlots, type ServedWindow, servedSlot, servedWindows, slotLabel } from '../slots/index.ts';
import { deliveryDates } from './delivery-dates.ts';
import { onVacation, subscriptionTerms } from './reserved-places.ts';
import { type PlanClock, plansWindows } from './service.ts';
import { subscriptionDeliveries, subscriptionPayments, subscriptionPlans, subscriptions } from './tables.ts';

type Subscription = typeof subscriptions.$inferSelect;
type Plan = typeof subscriptionPlans.$inferSelect;
type Delivery = typeof subscriptionDeliveries.$inferSelect;

/** How many coming deliveries the shopper's page lists. */
const COMING = 4;

const STATE_OF: Record<DeliveryStatus, DeliveryState> = {
  skipped: 'skipped',
  holiday: 'holiday',
  ordered: 'ordered',
  charged: 'charged',
  charge_failed: 'failed',
  abandoned: 'failed',
  cancelled: 'cancelled',
};

export const windowLabel = (window: ServedWindow) => {
  const label = weeklyWindowLabel(
    {
      weekday: WEEKDAYS[window.weekday - 1],
      start: window.startTime.slice(0, 5),
      end: window.endTime.slice(0, 5),
      endsNextDay: window.endsNextDay,
    },
    window.pickupPoint?.name,
  );
  return window.kind === 'delivery' ? `Delivery ${label}` : label;
};

/** The subscription's delivery dates from the shop's today on, within about a year (as many as asked). */
export function comingDates(subscription: Subscription, plan: Plan, window: ServedWindow, now: Date, n: number) {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(window.timeZone).toPlainDate();
  const terms = subscriptionTerms(subscription, plan, window.weekday);
  return deliveryDates(terms, today.toString(), today.add({ days: 400 }).toString())
    .filter((date) => servedSlot(window, date).end > now)
    .slice(0, n);
}

const orderOf = (orders: Map<string, { orderNumber: string; paymentId: string }>, id: string) => {
  const head = orders.get(id) as { orderNumber: string; paymentId: string };
  return { number: head.orderNumber, paymentId: head.paymentId };
};

/** The next deliveries as they stand: skipped, on vacation, the shop's holiday, ordered, or coming. */
async function comingOf(
  db: Tx,
  subscription: Subscription,
  plan: Plan,
  window: ServedWindow,
  rows: Delivery[],
  now: Date,
  orders: Map<string, { orderNumber: string; paymentId: string }>,
  windows: Map<string, ServedWindow>,
): Promise<ComingDelivery[]> {
  if (subscription.status === 'cancelled' && !subscription.endsAfter) return [];
  const dates = comingDates(subscription, plan, window, now, COMING);
  const holidays = await cancelledSlots(
    db,
    dates.map((date) => ({ windowId: window.id, shopId: window.shopId, date })),
  );
  return dates.map((date) => {
    const row = rows.find((r) => r.deliveryOn === date);
    // A delivery moved to another of the plan's times shows that time's slot, and closes at its cutoff.
    const moved = row && row.windowId !== window.id ? windows.get(row.windowId) : undefined;
    const slot =
      moved && row
        ? servedSlot(
            moved,
            Temporal.Instant.fromEpochMilliseconds(row.slotStart.getTime())
              .toZonedDateTimeISO(moved.timeZone)
              .toPlainDate()
              .toString(),
          )
        : servedSlot(window, date);
    const at = moved ?? window;
    const state: DeliveryState = row
      ? STATE_OF[row.status]
      : onVacation(subscription, date)
        ? 'vacation'
        : holidays.has(`${window.id} ${date}`)
          ? 'holiday'
          : 'coming';
    // A made delivery is skipped or changed until the cutoff too; one skipped after its order was made stays so.
    const open =
      slot.closesAt > now &&
      subscription.status !== 'cancelled' &&
      (state === 'coming' || state === 'ordered' || (state === 'skipped' && !row?.orderId));
    return {
      date,
      slot: slotLabel({ start: slot.start.toISOString(), end: slot.end.toISOString() }, at.timeZone),
      state,
      changeableUntil: open ? slot.closesAt.toISOString() : null,
      order: row?.orderId && orders.has(row.orderId) ? orderOf(orders, row.orderId) : null,
    };
  });
}

/** The shopper's subscriptions as their page shows them, newest first (or the one asked for). */
export async function mySubscriptions(
  db: Tx,
  userId: string,
  clock: PlanClock,
  id?: string,
): Promise<MySubscription[]> {
  const rows = await db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), id ? eq(subscriptions.id, id) : undefined))
    .orderBy(desc(subscriptions.createdAt), asc(subscriptions.id));
  if (rows.length === 0) return [];

  const shops = await shopsByVendorIds(
    db,
    rows.map((r) => r.plan.shopId),
  );
  const planWindows = await plansWindows(
    db,
    rows.map((r) => r.plan),
    clock,
  );
  const deliveries = await db
    .select()
    .from(subscriptionDeliveries)
    .where(
      and(
        inArray(
          subscriptionDeliveries.subscriptionId,
          rows.map((r) => r.subscription.id),
        ),
        gte(subscriptionDeliveries.deliveryOn, Temporal.PlainDate.from(clock.today).subtract({ days: 1 }).toString()),
      ),
    );
  const windows = await servedWindows(
    db,
    [...rows.map((r) => r.subscription.windowId), ...deliveries.map((d) => d.windowId)],
    clock.defaultTimeZone,
  );
  const payments = await db
    .select()
    .from(subscriptionPayments)
    .where(
      inArray(
        subscriptionPayments.subscriptionId,
        rows.map((r) => r.subscription.id),
      ),
    )
    .orderBy(asc(subscriptionPayments.number));
  const orders = await orderHeadsOf(
    db,
    deliveries.flatMap((d) => (d.orderId ? [d.orderId] : [])),
  );
  const out: MySubscription[] = [];
  for (const { subscription: s, plan } of rows) {
    const window = windows.get(s.windowId) as ServedWindow;
    const coming = await comingOf(
      db,
      s,
      plan,
      window,
      deliveries.filter((d) => d.subscriptionId === s.id),
      clock.now,
      orders,
      windows,
    );
    const card =
      s.cardBrand && s.cardLast4 && s.cardExpMonth && s.cardExpYear
        ? { brand: s.cardBrand, last4: s.cardLast4, expMonth: s.cardExpMonth, expYear: s.cardExpYear }
        : null;
    out.push({
      id: s.id,
      plan: {
        id: plan.id,
        name: plan.name,
        shopId: plan.shopId,
        shopName: shops.get(plan.shopId)?.name ?? '',
        noticeDays: plan.noticeDays,
      },
      status: s.status,
      window: { id: window.id, label: windowLabel(window), kind: window.kind },
      deliveryAddress: s.deliveryAddress,
      deliveryPostcode: s.deliveryPostcode,
      startsOn: s.startsOn,
      vacation: s.pausedFrom && s.pausedUntil ? { from: s.pausedFrom, until: s.pausedUntil } : null,
      endsAfter: s.endsAfter,
      card,
      cardState: s.cardState,
      nextDelivery:
        s.status === 'active' || s.status === 'cancelled'
          ? (coming.find((c) => ['coming', 'ordered', 'charged'].includes(c.state))?.date ?? null)
          : null,
      coming,
      season:
        plan.pricing === 'per_delivery'
          ? null
          : payments
              .filter((p) => p.subscriptionId === s.id)
              .map((p) => ({
                number: p.number,
                amount: centsToDollars(p.amountCents),
                coversFrom: p.coversFrom,
                coversUntil: p.coversUntil,
                deliveries: p.deliveries,
                state: p.status,
                paidAt: p.paidAt?.toISOString() ?? null,
                refunded: centsToDollars(p.refundedCents),
              })),
      windows: (planWindows.get(plan.id) ?? []).map((w) => ({ id: w.id, label: w.label, kind: w.kind })),
    });
  }
  return out;
}

/** One of the shopper's subscriptions as their page shows it; 404 when it is not theirs. */
export async function mySubscription(db: Tx, userId: string, id: string, clock: PlanClock) {
  const [one] = await mySubscriptions(db, userId, clock, id);
  if (!one) throw notFound('Subscription');
  return one;
}

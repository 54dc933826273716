import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import type { Db, Tx } from '../../db/client.ts';
import { shopCards } from '../shops/index.ts';
import {
  cancelledSlots,
  describeSlots,
  lockWindowPlaces,
  type ServedWindow,
  servedSlot,
  servedWindows,
} from '../slots/index.ts';
import { activeAccountsByIds } from '../users/index.ts';
import { type DeliveryTerms, deliveryDates } from './delivery-dates.ts';
import { type DeliveryNotice, tellDelivery } from './delivery-notices.ts';
import { type DeliveryFacts, makeDeliveryOrder } from './delivery-order.ts';
import { seasonShare } from './season-payments.ts';
import {
  subscriptionBoxContents,
  subscriptionDeliveries,
  subscriptionPlanItems,
  subscriptionPlans,
  subscriptionPlanWindows,
  subscriptions,
} from './tables.ts';

export type DeliveryJobOptions = {
  now: Date;
  /** Days before a window's cutoff a delivery's order is made (SUBSCRIPTION_ORDER_LEAD_DAYS). */
  leadDays: number;
  defaultTimeZone: string;
  /** The card provider's name, recorded with the order until its charge names the payment. */
  provider: string;
  log?: FastifyBaseLogger;
};

type Subscription = typeof subscriptions.$inferSelect;
type Plan = typeof subscriptionPlans.$inferSelect;

/**
 * Whether a subscription still has deliveries made: active, or cancelled with deliveries left in its notice or
 * already ordered (`ends_after`; its dates stop there).
 */
export const deliveringStatus = () =>
  or(
    eq(subscriptions.status, 'active'),
    and(eq(subscriptions.status, 'cancelled'), isNotNull(subscriptions.endsAfter)),
  );
const delivering = (s: Subscription, date: string) =>
  s.status === 'active' || (s.status === 'cancelled' && s.endsAfter !== null && date <= s.endsAfter);

/** The running subscriptions whose deliveries are ordered: delivering, with a card, of a plan not ended. */
async function runningSubscriptions(db: Db) {
  return db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        deliveringStatus(),
        inArray(subscriptions.cardState, ['ready', 'requires_action']),
        isNull(subscriptionPlans.endedAt),
      ),
    )
    .orderBy(asc(subscriptions.id));
}

/** The delivery terms of a subscription to a plan over a window (its dates, decision 068). */
export const termsOf = (subscription: Subscription, plan: Plan, window: { weekday: number }) => ({
  frequency: plan.frequency,
  weekday: window.weekday,
  firstOn: plan.startsOn && plan.startsOn > subscription.startsOn ? plan.startsOn : subscription.startsOn,
  lastOn: [plan.endsOn, subscription.endsAfter].filter((d): d is string => d !== null).sort()[0] ?? null,
});

/**
 * The subscription's dates whose order is due at `now`: from `leadDays` before the slot's cutoff (the same wall-clock
 * time in the shop's zone) until the cutoff itself.
 */
export function dueDates(
  subscription: Subscription,
  plan: Plan,
  window: ServedWindow,
  { now, leadDays }: Pick<DeliveryJobOptions, 'now' | 'leadDays'>,
): string[] {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(window.timeZone).toPlainDate();
  const last = today.add({ days: leadDays + Math.ceil(window.cutoffHours / 24) + 2 });
  return deliveryDates(termsOf(subscription, plan, window), today.toString(), last.toString()).filter((date) => {
    const slot = servedSlot(window, date);
    return slot.closesAtLess(leadDays) <= now && now < slot.closesAt;
  });
}

/** How long after its slot began a date whose order was never made is still recorded as missed. */
const LATE_LOOKBACK_MS = 7 * 24 * 3_600_000;
/** The reason a missed date's row gives (its state is `cancelled`: nothing made, nothing charged). */
export const MISSED_CUTOFF = 'Missed: no order was made before the slot began';

/**
 * The subscription's dates whose cutoff passed with no order made (no server ran the job in their order window):
 * slots begun within the last week at most, whose cutoff came after the subscription last changed (a date that passed
 * while it was paused by failed charges, before its card was fixed, is not one of them).
 */
export function lateDates(
  subscription: Subscription,
  plan: Plan,
  window: ServedWindow,
  { now }: Pick<DeliveryJobOptions, 'now'>,
): string[] {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(window.timeZone).toPlainDate();
  const first = today.subtract({ days: 8 });
  const last = today.add({ days: Math.ceil(window.cutoffHours / 24) + 1 });
  return deliveryDates(termsOf(subscription, plan, window), first.toString(), last.toString()).filter((date) => {
    const slot = servedSlot(window, date);
    return (
      slot.closesAt <= now &&
      now.getTime() - slot.start.getTime() < LATE_LOOKBACK_MS &&
      slot.closesAt > subscription.updatedAt
    );
  });
}

/** The next delivery date after `date`, within eight weeks (for the holiday's notice). */
function nextDateAfter(subscription: Subscription, plan: Plan, window: ServedWindow, date: string) {
  const from = Temporal.PlainDate.from(date).add({ days: 1 });
  return (
    deliveryDates(termsOf(subscription, plan, window), from.toString(), from.add({ weeks: 8 }).toString())[0] ?? null
  );
}

/**
 * Makes each running subscription's deliveries due at `now` (decision 068): per subscription and date one
 * transaction that writes its `subscription_deliveries` row (insert … on conflict do nothing: the key is the
 * subscription and date, so however many servers run this and however often it is cut short, each date gets one row)
 * and, in the same transaction, what the row says: `skipped` in the shopper's vacation, `holiday` when the shop
 * cancelled the slot (the shopper and the shop told), else the order (`ordered`, to be charged at the cutoff), or
 * `cancelled` when nothing of the plan is in stock. Answers how many rows it wrote.
 */
export async function makeDueDeliveries(db: Db, options: DeliveryJobOptions): Promise<number> {
  const running = await runningSubscriptions(db);
  const windows = await servedWindows(
    db,
    running.map((r) => r.subscription.windowId),
    options.defaultTimeZone,
  );
  const due = running.flatMap(({ subscription, plan }) => {
    const window = windows.get(subscription.windowId);
    if (!window) return [];
    return [
      ...dueDates(subscription, plan, window, options).map((date) => ({
        subscription,
        plan,
        window,
        date,
        late: false,
      })),
      ...lateDates(subscription, plan, window, options).map((date) => ({
        subscription,
        plan,
        window,
        date,
        late: true,
      })),
    ];
  });
  if (due.length === 0) return 0;
  // The rows written already, in one read: most runs find every due date done.
  const existing = await db
    .select({ subscriptionId: subscriptionDeliveries.subscriptionId, deliveryOn: subscriptionDeliveries.deliveryOn })
    .from(subscriptionDeliveries)
    .where(
      and(
        inArray(subscriptionDeliveries.subscriptionId, [...new Set(due.map((d) => d.subscription.id))]),
        inArray(subscriptionDeliveries.deliveryOn, [...new Set(due.map((d) => d.date))]),
      ),
    );
  const done = new Set(existing.map((row) => `${row.subscriptionId} ${row.deliveryOn}`));
  let written = 0;
  for (const { subscription, plan, window, date, late } of due) {
    if (done.has(`${subscription.id} ${date}`)) continue;
    try {
      if (await makeDelivery(db, subscription.id, plan, window, date, late, options)) written += 1;
    } catch (error) {
      // Nothing of it was written (one transaction): the next run tries it again; the others go on.
      options.log?.error(
        { err: error, subscriptionId: subscription.id, date },
        'Making a subscription delivery failed',
      );
    }
  }
  return written;
}

/**
 * One delivery's row and what it says, in one transaction; false when another run wrote it first. A `late` date (its
 * cutoff passed unmade) is still ordered, and charged at once, while its slot has not begun (the farm counted on it
 * and can still pack it); once the slot began it is recorded as missed. Both sides are told either way.
 */
async function makeDelivery(
  db: Db,
  subscriptionId: string,
  plan: Plan,
  window: ServedWindow,
  date: string,
  late: boolean,
  options: DeliveryJobOptions,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The subscription as it is now, held until commit: a pause or a cancellation made meanwhile waits for this.
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .for('update');
    if (!subscription || !delivering(subscription, date) || subscription.windowId !== window.id) return false;
    const slot = servedSlot(window, date);
    const [row] = await tx
      .insert(subscriptionDeliveries)
      .values({
        subscriptionId,
        deliveryOn: date,
        windowId: window.id,
        slotStart: slot.start,
        status: 'skipped',
        createdAt: options.now,
        updatedAt: options.now,
      })
      .onConflictDoNothing()
      .returning({ deliveryOn: subscriptionDeliveries.deliveryOn });
    if (!row) return false;
    const onVacation =
      subscription.pausedFrom !== null &&
      subscription.pausedUntil !== null &&
      subscription.pausedFrom <= date &&
      date <= subscription.pausedUntil;
    if (onVacation) return true;
    const facts = await factsOf(tx, subscription, plan, window, date, options.provider);
    if (!facts) {
      await setDelivery(tx, subscriptionId, date, { status: 'cancelled', lastError: 'The account is closed' });
      return true;
    }
    const notice: Omit<DeliveryNotice, 'event'> = { subscription, plan, shop: facts.shop, buyer: facts.buyer, date };
    const cancelled = await cancelledSlots(tx, [{ windowId: window.id, shopId: window.shopId, date }]);
    if (cancelled.has(`${window.id} ${date}`) || window.retired) {
      const reason = cancelled.get(`${window.id} ${date}`) ?? null;
      const moved = await movedSlot(tx, subscription, plan, window, date, options.now);
      await setDelivery(tx, subscriptionId, date, {
        status: 'holiday',
        movedTo: moved?.date ?? null,
        lastError: reason,
      });
      await tellDelivery(tx, {
        ...notice,
        event: 'holiday',
        reason,
        movedTo: moved?.date ?? null,
        nextDeliveryOn: moved?.date ?? nextDateAfter(subscription, plan, window, date),
      });
      if (moved) {
        const movedSlotStart = servedSlot(moved.window, moved.date).start;
        const [written] = await tx
          .insert(subscriptionDeliveries)
          .values({
            subscriptionId,
            deliveryOn: moved.date,
            windowId: moved.window.id,
            slotStart: movedSlotStart,
            status: 'skipped',
          })
          .onConflictDoNothing()
          .returning({ deliveryOn: subscriptionDeliveries.deliveryOn });
        if (written)
          await orderOn(
            tx,
            { ...facts, window: moved.window },
            subscriptionId,
            moved.date,
            {
              ...notice,
              date: moved.date,
            },
            termsOf(subscription, plan, window),
          );
      }
      return true;
    }
    if (late && slot.start <= options.now) {
      await setDelivery(tx, subscriptionId, date, { status: 'cancelled', lastError: MISSED_CUTOFF });
      await tellDelivery(tx, { ...notice, event: 'missed' });
      return true;
    }
    const orderId = await orderOn(tx, facts, subscriptionId, date, notice, termsOf(subscription, plan, window));
    if (late && orderId) await tellDelivery(tx, { ...notice, orderId, event: 'made_late' });
    return true;
  });
}

/** Makes a delivery's order on its row's date and window, sets the row and tells what there is to tell. */
async function orderOn(
  tx: Tx,
  facts: DeliveryFacts,
  subscriptionId: string,
  date: string,
  notice: Omit<DeliveryNotice, 'event'>,
  terms: DeliveryTerms,
) {
  let season: DeliveryFacts['season'] = null;
  if (facts.plan.pricing !== 'per_delivery') {
    // The last delivery of its payment's run takes the cents its even shares leave over.
    const lastOfRun = (until: string) =>
      deliveryDates(terms, Temporal.PlainDate.from(date).add({ days: 1 }).toString(), until).length === 0;
    season = await seasonShare(tx, subscriptionId, date, lastOfRun);
    if (!season || season.shareCents === 0) {
      await setDelivery(tx, subscriptionId, date, {
        status: 'cancelled',
        lastError: 'Nothing is left of the season’s payment for this delivery',
      });
      return null;
    }
  }
  const made = await makeDeliveryOrder(tx, { ...facts, season }, date);
  if (made.orderId === null) {
    await setDelivery(tx, subscriptionId, date, { status: 'cancelled', lastError: 'Nothing of the plan was in stock' });
    await tellDelivery(tx, { ...notice, event: 'nothing', items: [...made.short, ...made.left] });
    return null;
  }
  await setDelivery(tx, subscriptionId, date, {
    status: 'ordered',
    orderId: made.orderId,
    shareCents: season ? made.priceCents : null,
    nextAttemptAt: servedSlot(facts.window, date).closesAt,
  });
  const withOrder = { ...notice, orderId: made.orderId };
  await tellDelivery(tx, { ...withOrder, event: 'ordered' });
  if (made.short.length > 0) await tellDelivery(tx, { ...withOrder, event: 'short', items: made.short });
  if (made.left.length > 0) await tellDelivery(tx, { ...withOrder, event: 'discontinued', items: made.left });
  return made.orderId;
}

const samePlace = (a: ServedWindow['pickupPoint'], b: ServedWindow['pickupPoint']) =>
  a?.name === b?.name && a?.address === b?.address;

/**
 * Where a delivery the shop cancelled moves (issue 37: "when the slot rules allow"): the first slot after its date and
 * before the subscription's next delivery, of another of the plan's times of the same kind and place (a pickup at the
 * same point), that takes orders now (open, not cancelled, a place left); null when none does.
 */
async function movedSlot(
  tx: Tx,
  subscription: Subscription,
  plan: Plan,
  window: ServedWindow,
  date: string,
  now: Date,
) {
  const links = await tx
    .select({ windowId: subscriptionPlanWindows.windowId })
    .from(subscriptionPlanWindows)
    .where(eq(subscriptionPlanWindows.planId, plan.id));
  const others = [
    ...(
      await servedWindows(
        tx,
        links.map((l) => l.windowId),
        window.timeZone,
      )
    ).values(),
  ].filter(
    (w) => w.id !== window.id && !w.retired && w.kind === window.kind && samePlace(w.pickupPoint, window.pickupPoint),
  );
  if (others.length === 0) return null;
  const from = Temporal.PlainDate.from(date);
  const next = nextDateAfter(subscription, plan, window, date);
  const last = next ? Temporal.PlainDate.from(next).subtract({ days: 1 }) : from.add({ days: 6 });
  const picks: { shopId: string; windowId: string; date: string }[] = [];
  for (let day = from.add({ days: 1 }); Temporal.PlainDate.compare(day, last) <= 0; day = day.add({ days: 1 }))
    for (const w of others)
      if (w.weekday === day.dayOfWeek) picks.push({ shopId: w.shopId, windowId: w.id, date: day.toString() });
  if (picks.length === 0) return null;
  // Counted under the windows' lock, as checkout and subscribing count their places.
  await lockWindowPlaces(
    tx,
    others.map((w) => w.id),
  );
  const slots = await describeSlots(tx, picks, now);
  const open = slots.findIndex((slot) => slot?.status === 'open');
  if (open < 0) return null;
  const moved = others.find((w) => w.id === picks[open].windowId);
  return moved ? { window: moved, date: picks[open].date } : null;
}

export async function setDelivery(
  tx: Tx,
  subscriptionId: string,
  date: string,
  change: Partial<typeof subscriptionDeliveries.$inferInsert>,
) {
  await tx
    .update(subscriptionDeliveries)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(subscriptionDeliveries.subscriptionId, subscriptionId), eq(subscriptionDeliveries.deliveryOn, date)));
}

async function factsOf(
  tx: Tx,
  subscription: Subscription,
  plan: Plan,
  window: ServedWindow,
  date: string,
  provider: string,
): Promise<DeliveryFacts | null> {
  // One after the other: the transaction's one connection.
  const items = await tx
    .select({ optionId: subscriptionPlanItems.optionId, quantity: subscriptionPlanItems.quantity })
    .from(subscriptionPlanItems)
    .where(eq(subscriptionPlanItems.planId, plan.id))
    .orderBy(asc(subscriptionPlanItems.position));
  const [box] = await tx
    .select({ contents: subscriptionBoxContents.contents })
    .from(subscriptionBoxContents)
    .where(and(eq(subscriptionBoxContents.planId, plan.id), eq(subscriptionBoxContents.deliveryOn, date)));
  const shops = await shopCards(tx, [plan.shopId]);
  const buyers = await activeAccountsByIds(tx, [subscription.userId]);
  const shop = shops.get(plan.shopId);
  const buyer = buyers.get(subscription.userId);
  if (!buyer) return null;
  return {
    subscription,
    plan: { ...plan, items },
    shop: { id: plan.shopId, name: shop?.name ?? '', email: shop?.email ?? '' },
    buyer: { name: buyer.name, email: buyer.email, phone: buyer.phone },
    window,
    boxContents: box?.contents ?? plan.boxContents,
    provider,
    season: null,
  };
}

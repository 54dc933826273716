import { and, eq, gte, isNotNull, isNull, max } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { CHANGE_MESSAGES } from '#contract/delivery-changes.ts';
import { SUBSCRIBE_MESSAGES } from '#contract/subscribers.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { cancelUnchargedOrder, subscriptionOrderForChange } from '../orders/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { lockWindowPlaces, type ServedWindow, servedSlot, servedWindows } from '../slots/index.ts';
import { comingDates } from './my-subscriptions.ts';
import { noticeDates } from './notice.ts';
import { onVacation } from './reserved-places.ts';
import { type PlanClock, publicPlan } from './service.ts';
import { type Choice, firstDelivery, placeChoice, refuseFullSlots } from './subscribe.ts';
import { subscriptionDeliveries, subscriptionPlans, subscriptionPlanWindows, subscriptions } from './tables.ts';

type Subscription = typeof subscriptions.$inferSelect;

export const ACTION_MESSAGES = {
  cancelled: 'This subscription is cancelled',
  notADelivery: 'There is no delivery of this subscription on that day',
  closed: 'Ordering for that delivery has closed: it can no longer be changed',
  onVacation: 'That day is in your vacation already',
  notSkippable: 'That delivery can no longer be skipped',
  orderCancelled: 'That delivery’s order was cancelled when you skipped it, so it cannot come back',
  notSkipped: 'That delivery is not skipped',
  vacationPast: 'Choose today or a later day to start the vacation',
  paymentFailed: 'The charges of your card failed: save another card to resume',
  noVacation: 'There is no vacation to end',
} as const;

/** The shopper's subscription locked for a change; 404 when it is not theirs, 409 once cancelled. */
async function locked(tx: Tx, userId: string, id: string): Promise<Subscription> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .for('update');
  if (!row) throw notFound('Subscription');
  if (row.status === 'cancelled') throw conflict(ACTION_MESSAGES.cancelled);
  return row;
}

async function planOf(tx: Tx, planId: string) {
  const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  return plan;
}

async function windowOf(tx: Tx, windowId: string, clock: PlanClock) {
  return (await servedWindows(tx, [windowId], clock.defaultTimeZone)).get(windowId) as ServedWindow;
}

/** Today in the zone of the subscription's shop (its slots' zone), where its days begin and end. */
async function shopToday(tx: Tx, windowId: string, clock: PlanClock): Promise<string> {
  const window = await windowOf(tx, windowId, clock);
  return Temporal.Instant.fromEpochMilliseconds(clock.now.getTime())
    .toZonedDateTimeISO(window.timeZone)
    .toPlainDate()
    .toString();
}

/** A date of the subscription's coming deliveries whose ordering has not closed, with its slot; else 409. */
async function openDelivery(tx: Tx, s: Subscription, date: string, clock: PlanClock) {
  const window = await windowOf(tx, s.windowId, clock);
  const plan = await planOf(tx, s.planId);
  if (!comingDates(s, plan, window, clock.now, 60).includes(date)) throw conflict(ACTION_MESSAGES.notADelivery);
  const slot = servedSlot(window, date);
  if (slot.closesAt <= clock.now) throw conflict(ACTION_MESSAGES.closed);
  return { window, slot };
}

/**
 * Skips a coming delivery until its cutoff: a `skipped` row for its date (skipping it again changes nothing). A
 * delivery whose order is made already has that order cancelled in the same transaction (nothing was charged: its
 * stock and slot place come back) and its row marked `skipped`, so the job neither charges nor makes it again.
 */
export async function skipDelivery(db: Db, userId: string, id: string, date: string, clock: PlanClock) {
  await db.transaction(async (tx) => {
    const s = await locked(tx, userId, id);
    const { window, slot } = await openDelivery(tx, s, date, clock);
    if (onVacation(s, date)) throw conflict(ACTION_MESSAGES.onVacation);
    await tx
      .insert(subscriptionDeliveries)
      .values({ subscriptionId: s.id, deliveryOn: date, windowId: window.id, slotStart: slot.start, status: 'skipped' })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(subscriptionDeliveries)
      .where(and(eq(subscriptionDeliveries.subscriptionId, s.id), eq(subscriptionDeliveries.deliveryOn, date)))
      .for('update');
    if (row.status === 'skipped') return;
    if (row.status !== 'ordered' || !row.orderId) throw conflict(ACTION_MESSAGES.notSkippable);
    await skipMadeDelivery(tx, row, row.orderId, clock);
  });
}

/**
 * A made delivery's order cancelled before its charge, and its row `skipped` (the job charges only `ordered` rows and
 * never makes a date whose row exists). Refused once the order is charged.
 */
async function skipMadeDelivery(
  tx: Tx,
  row: typeof subscriptionDeliveries.$inferSelect,
  orderId: string,
  clock: PlanClock,
) {
  const { subscriptionId, deliveryOn: date } = row;
  const order = await subscriptionOrderForChange(tx, orderId);
  // The cutoff of the slot it is booked in now (a move may have brought it forward).
  const window = await windowOf(tx, row.windowId, clock);
  const slotDate = Temporal.Instant.fromEpochMilliseconds(row.slotStart.getTime())
    .toZonedDateTimeISO(window.timeZone)
    .toPlainDate()
    .toString();
  if (order.charged || servedSlot(window, slotDate).closesAt <= clock.now) throw conflict(ACTION_MESSAGES.closed);
  await cancelUnchargedOrder(tx, orderId);
  await tx
    .update(subscriptionDeliveries)
    .set({ status: 'skipped', nextAttemptAt: null, updatedAt: new Date() })
    .where(and(eq(subscriptionDeliveries.subscriptionId, subscriptionId), eq(subscriptionDeliveries.deliveryOn, date)));
}

/**
 * A made delivery whose order its shopper cancelled whole on the order's page before the charge: the delivery is
 * skipped, as the Subscriptions page's skip does (passed to orders by app.ts). A charged order's delivery stays.
 */
export async function skipCancelledDelivery(tx: Tx, orderId: string) {
  await tx
    .update(subscriptionDeliveries)
    .set({ status: 'skipped', nextAttemptAt: null, updatedAt: new Date() })
    .where(and(eq(subscriptionDeliveries.orderId, orderId), eq(subscriptionDeliveries.status, 'ordered')));
}

/** A made delivery whose order its shopper moved on the order's page: it takes the new slot and its cutoff. */
export async function moveMovedDelivery(
  tx: Tx,
  orderId: string,
  slot: { windowId: string; slotDate: string; startsAt: Date; closesAt: Date },
) {
  const [delivery] = await tx
    .select({ planId: subscriptions.planId, deliveryOn: subscriptionDeliveries.deliveryOn })
    .from(subscriptionDeliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDeliveries.subscriptionId))
    .where(and(eq(subscriptionDeliveries.orderId, orderId), eq(subscriptionDeliveries.status, 'ordered')));
  if (!delivery) return;
  const [planTime] = await tx
    .select({ windowId: subscriptionPlanWindows.windowId })
    .from(subscriptionPlanWindows)
    .where(
      and(eq(subscriptionPlanWindows.planId, delivery.planId), eq(subscriptionPlanWindows.windowId, slot.windowId)),
    );
  if (!planTime || !sameWeek(delivery.deliveryOn, slot.slotDate)) throw conflict(CHANGE_MESSAGES.notPlanTime);
  await tx
    .update(subscriptionDeliveries)
    .set({ windowId: slot.windowId, slotStart: slot.startsAt, nextAttemptAt: slot.closesAt, updatedAt: new Date() })
    .where(and(eq(subscriptionDeliveries.orderId, orderId), eq(subscriptionDeliveries.status, 'ordered')));
}

/**
 * Takes a skip back until the cutoff, while no order was made for the date: its row goes. A delivery skipped after its
 * order was made stays skipped: its order is cancelled and the date keeps its one order (decision 068).
 */
export async function unskipDelivery(db: Db, userId: string, id: string, date: string, clock: PlanClock) {
  await db.transaction(async (tx) => {
    const s = await locked(tx, userId, id);
    await openDelivery(tx, s, date, clock);
    const gone = await tx
      .delete(subscriptionDeliveries)
      .where(
        and(
          eq(subscriptionDeliveries.subscriptionId, s.id),
          eq(subscriptionDeliveries.deliveryOn, date),
          eq(subscriptionDeliveries.status, 'skipped'),
          isNull(subscriptionDeliveries.orderId),
        ),
      )
      .returning({ date: subscriptionDeliveries.deliveryOn });
    if (gone.length > 0) return;
    const [row] = await tx
      .select({ orderId: subscriptionDeliveries.orderId, status: subscriptionDeliveries.status })
      .from(subscriptionDeliveries)
      .where(and(eq(subscriptionDeliveries.subscriptionId, s.id), eq(subscriptionDeliveries.deliveryOn, date)));
    throw conflict(
      row?.status === 'skipped' && row.orderId ? ACTION_MESSAGES.orderCancelled : ACTION_MESSAGES.notSkipped,
    );
  });
}

/** A vacation from one day to another: the deliveries in it are skipped; the subscription stays active. */
export async function setVacation(
  db: Db,
  userId: string,
  id: string,
  range: { from: string; until: string },
  clock: PlanClock,
) {
  await db.transaction(async (tx) => {
    const s = await locked(tx, userId, id);
    if (range.from < (await shopToday(tx, s.windowId, clock)))
      throw new AppError('VALIDATION', ACTION_MESSAGES.vacationPast, { from: ACTION_MESSAGES.vacationPast });
    await tx
      .update(subscriptions)
      .set({ pausedFrom: range.from, pausedUntil: range.until, updatedAt: clock.now })
      .where(eq(subscriptions.id, s.id));
  });
}

/** Resumes: the vacation ends (and a subscription the shopper paused is active again). */
export async function resume(db: Db, userId: string, id: string, clock: PlanClock) {
  await db.transaction(async (tx) => {
    const s = await locked(tx, userId, id);
    if (s.status === 'payment_failed') throw conflict(ACTION_MESSAGES.paymentFailed);
    if (s.status === 'active' && !s.pausedFrom) throw conflict(ACTION_MESSAGES.noVacation);
    await tx
      .update(subscriptions)
      .set({ status: 'active', pausedFrom: null, pausedUntil: null, updatedAt: clock.now })
      .where(eq(subscriptions.id, s.id));
  });
}

/**
 * Moves the deliveries not ordered yet to another of the plan's times (and address), from its first delivery on or
 * after today: checked as subscribing is (the area, a place in the slots the shop already takes orders for).
 */
export async function changeWindow(
  db: Db,
  userId: string,
  id: string,
  choice: Omit<Choice, 'startsOn'>,
  clock: PlanClock,
) {
  const [current] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!current) throw notFound('Subscription');
  const plan = await publicPlan(db, current.planId, clock);
  const placed = await placeChoice(db, plan, choice, clock, true);
  const today = await shopToday(db, current.windowId, clock);
  const from = current.startsOn > today ? current.startsOn : today;
  const first = firstDelivery(placed, from, clock.now);
  if (!first) throw conflict(SUBSCRIBE_MESSAGES.noDelivery);
  await db.transaction(async (tx) => {
    const s = await locked(tx, userId, id);
    await lockWindowPlaces(tx, [placed.window.id]);
    if (placed.window.id !== s.windowId) await refuseFullSlots(tx, placed, first, clock);
    await tx
      .update(subscriptions)
      .set({
        windowId: placed.window.id,
        deliveryAddress: placed.address,
        deliveryPostcode: placed.postcode,
        startsOn: first,
        updatedAt: clock.now,
      })
      .where(eq(subscriptions.id, s.id));
  });
}

/** The card a confirmed SetupIntent of this shopper saved; 404 when it is not theirs, 402 when it saved none. */
export async function savedCardOf(provider: PaymentProvider, userId: string, setupIntentId: string) {
  const state = await provider.retrieveSetupIntent(setupIntentId);
  if (!state || state.metadata.userId !== userId) throw notFound('Card setup');
  if (state.status !== 'succeeded' || !state.paymentMethodId || !state.card) {
    throw new AppError('PAYMENT_FAILED', state.lastError ?? SUBSCRIBE_MESSAGES.cardNotSaved);
  }
  return {
    customerId: state.customerId,
    paymentMethodId: state.paymentMethodId,
    setupIntentId: state.id,
    brand: state.card.brand,
    last4: state.card.last4,
    expMonth: state.card.expMonth,
    expYear: state.card.expYear,
  };
}

/** Charges another saved card from now on; a subscription paused by failed charges is active again. */
export async function changeCard(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  id: string,
  setupIntentId: string,
  clock: PlanClock,
) {
  const card = await savedCardOf(provider, userId, setupIntentId);
  await db.transaction(async (tx) => {
    const s = await locked(tx, userId, id);
    await tx
      .update(subscriptions)
      .set({
        providerCustomerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        setupIntentId: card.setupIntentId,
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardExpMonth: card.expMonth,
        cardExpYear: card.expYear,
        cardState: 'ready',
        failedCharges: 0,
        ...(s.status === 'payment_failed' ? { status: 'active' as const } : {}),
        updatedAt: clock.now,
      })
      .where(eq(subscriptions.id, s.id));
  });
}

/**
 * Cancels: the deliveries whose order is made still come, and those within the plan's notice days (the last of them
 * is `ends_after`), none after them; the skipped days ahead are forgotten. With none, it ends the day before today.
 */
export async function cancelSubscription(db: Db, userId: string, id: string, clock: PlanClock) {
  await db.transaction(async (tx) => {
    const s = await locked(tx, userId, id);
    const today = await shopToday(tx, s.windowId, clock);
    const [last] = await tx
      .select({ on: max(subscriptionDeliveries.deliveryOn) })
      .from(subscriptionDeliveries)
      .where(
        and(
          eq(subscriptionDeliveries.subscriptionId, s.id),
          isNotNull(subscriptionDeliveries.orderId),
          gte(subscriptionDeliveries.deliveryOn, today),
        ),
      );
    const yesterday = Temporal.PlainDate.from(today).subtract({ days: 1 }).toString();
    // The plan's notice: its deliveries within that many days still come and are charged.
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, s.planId));
    const owed = await noticeDates(tx, s, plan, today, clock.defaultTimeZone);
    const endsAfter =
      [last?.on, owed.at(-1)]
        .filter((d): d is string => Boolean(d))
        .sort()
        .at(-1) ?? yesterday;
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: clock.now, endsAfter, updatedAt: clock.now })
      .where(eq(subscriptions.id, s.id));
  });
}

/** Whether two dates fall in one week, Monday to Sunday: a made delivery moves only within its own week. */
function sameWeek(a: string, b: string): boolean {
  const monday = (date: string) => {
    const day = Temporal.PlainDate.from(date);
    return day.subtract({ days: day.dayOfWeek - 1 }).toString();
  };
  return monday(a) === monday(b);
}

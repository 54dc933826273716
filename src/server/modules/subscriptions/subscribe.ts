import { and, count, eq, ne } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import { SUBSCRIBE_MESSAGES, type SubscriptionQuote } from '#contract/subscribers.ts';
import type { PlanWindow, PublicPlan } from '#contract/subscriptions.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import { areaProblem } from '../cart/index.ts';
import {
  describeSlots,
  lockWindowPlaces,
  type ServedWindow,
  servedSlot,
  servedWindows,
  shopTerms,
  slotLabel,
} from '../slots/index.ts';
import { deliveryDates } from './delivery-dates.ts';
import { type PlannedPayment, seasonSchedule } from './season-payments.ts';
import { type PlanClock, publicPlan } from './service.ts';
import { subscriptionPayments, subscriptionPlans, subscriptions } from './tables.ts';

export type Choice = { windowId: string; startsOn: string; address?: string; postcode?: string };

/** The place a subscription's deliveries go: the plan's window and, for a delivery window, the address in the area. */
export type Placed = {
  plan: PublicPlan;
  window: PlanWindow;
  served: ServedWindow;
  address: string | null;
  postcode: string | null;
};

/** The window chosen among the plan's, and the address checked against the shop's area as checkout checks it. */
export async function placeChoice(
  db: Tx,
  plan: PublicPlan,
  choice: Omit<Choice, 'startsOn'>,
  clock: PlanClock,
  needAddress: boolean,
): Promise<Placed> {
  const window = plan.windows.find((w) => w.id === choice.windowId);
  if (!window) throw badRequest(SUBSCRIBE_MESSAGES.notPlanWindow, { windowId: SUBSCRIBE_MESSAGES.notPlanWindow });
  const served = (await servedWindows(db, [window.id], clock.defaultTimeZone)).get(window.id) as ServedWindow;
  if (window.kind === 'pickup') return { plan, window, served, address: null, postcode: null };
  const fields: Record<string, string> = {};
  if (needAddress && !choice.address) fields.address = SUBSCRIBE_MESSAGES.noAddress;
  if (!choice.postcode) fields.postcode = SUBSCRIBE_MESSAGES.noPostcode;
  if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields)[0], fields);
  const delivery = (await shopTerms(db, [plan.shopId])).get(plan.shopId)?.delivery;
  const outside = delivery ? areaProblem(plan.shop.name, delivery, choice.postcode as string) : null;
  if (!delivery || outside) {
    const message = outside?.message ?? `${plan.shop.name} does not deliver now: please choose pickup`;
    throw new AppError('OUT_OF_AREA', message, { postcode: message });
  }
  return { plan, window, served, address: choice.address ?? null, postcode: choice.postcode ?? null };
}

const seasonTerms = (plan: PublicPlan, weekday: number, firstOn: string) => ({
  frequency: plan.frequency,
  weekday,
  firstOn,
  lastOn: plan.endsOn,
});

/**
 * The first delivery on or after `startsOn` (and the season's start) whose ordering has not closed at `now`, within
 * a year; null when the season ends before one.
 */
export function firstDelivery(placed: Placed, startsOn: string, now: Date): string | null {
  const from = placed.plan.startsOn && placed.plan.startsOn > startsOn ? placed.plan.startsOn : startsOn;
  const until = Temporal.PlainDate.from(from).add({ days: 400 }).toString();
  const dates = deliveryDates(seasonTerms(placed.plan, placed.served.weekday, from), from, until);
  return dates.find((date) => servedSlot(placed.served, date).closesAt > now) ?? null;
}

/**
 * What subscribing brings from `first`: the deliveries left in the season and the price. A season or installment
 * plan joined late pays for the deliveries left: the season's price times deliveries left over deliveries in the
 * season (counted on the window's weekday from the season's first day, holidays not counted), to the cent.
 */
export function quoteFrom(placed: Placed, first: string, clock: PlanClock): SubscriptionQuote {
  const { plan, served } = placed;
  const slot = servedSlot(served, first);
  const firstSlot = slotLabel({ start: slot.start.toISOString(), end: slot.end.toISOString() }, served.timeZone);
  const { left, whole, seasonCents, schedule } = seasonFrom(placed, first, clock);
  // As the delivery's order charges it (decision 068): the shop's fee, unless the delivery reaches its free-over sum.
  const priceCents = dollarsToCents(plan.deliveryPrice);
  const freeOver = served.freeDeliveryOverCents;
  const feeCents =
    served.kind === 'delivery' && plan.billing === 'per_delivery'
      ? freeOver !== null && priceCents >= freeOver
        ? 0
        : served.deliveryFeeCents
      : null;
  return {
    firstDelivery: first,
    firstSlot,
    deliveriesLeft: left,
    seasonDeliveries: whole,
    perDelivery: plan.billing === 'per_delivery' ? plan.deliveryPrice : null,
    deliveryFee: feeCents === null ? null : centsToDollars(feeCents),
    seasonPrice: seasonCents === null ? null : centsToDollars(seasonCents),
    installments:
      plan.billing === 'installments' && schedule.length > 0
        ? schedule.map((payment) => centsToDollars(payment.amountCents))
        : null,
    schedule:
      schedule.length === 0
        ? null
        : schedule.map(({ amountCents, ...rest }) => ({ amount: centsToDollars(amountCents), ...rest })),
  };
}

/**
 * The season from `first`: deliveries left and in the whole season (null: open-ended), its price prorated by them, and
 * its payments (decision 070; none for a plan paid per delivery).
 */
export function seasonFrom(placed: Placed, first: string, clock: PlanClock) {
  const { plan, served } = placed;
  if (!plan.endsOn) return { left: null, whole: null, seasonCents: null, schedule: [] as PlannedPayment[] };
  const seasonStart = plan.startsOn ?? shopToday(placed, clock.now);
  const dates = deliveryDates(seasonTerms(plan, served.weekday, first), first, plan.endsOn);
  const whole = Math.max(
    dates.length,
    deliveryDates(seasonTerms(plan, served.weekday, seasonStart), seasonStart, plan.endsOn).length,
  );
  const seasonCents =
    plan.seasonPrice !== null && whole ? Math.round((dollarsToCents(plan.seasonPrice) * dates.length) / whole) : null;
  const schedule =
    seasonCents !== null && dates.length > 0
      ? seasonSchedule(dates, seasonCents, plan.billing === 'installments' ? (plan.installments ?? 1) : 1, plan.endsOn)
      : [];
  return { left: dates.length, whole, seasonCents, schedule };
}

/** The plan's subscribers who count against its cap: every subscription not cancelled. */
async function subscriberCount(db: Tx, planId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.planId, planId), ne(subscriptions.status, 'cancelled')));
  return row.n;
}

/** Today in the shop's own zone, the zone its slots' days are counted in. */
const shopToday = (placed: Placed, now: Date) =>
  Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(placed.served.timeZone)
    .toPlainDate()
    .toString();

/** The first delivery from the day the shopper chose (today or later in the shop's zone); 400 when the season has none left. */
export function startOf(placed: Placed, startsOn: string, clock: PlanClock): string {
  if (startsOn < shopToday(placed, clock.now))
    throw badRequest(SUBSCRIBE_MESSAGES.startPast, { startsOn: SUBSCRIBE_MESSAGES.startPast });
  const first = firstDelivery(placed, startsOn, clock.now);
  if (!first) throw badRequest(SUBSCRIBE_MESSAGES.noDelivery, { startsOn: SUBSCRIBE_MESSAGES.noDelivery });
  return first;
}

/** GET /subscription-plans/:id/quote: the plan's first delivery from a day on a window, and its price. */
export async function quote(db: Db, planId: string, choice: Omit<Choice, 'address'>, clock: PlanClock) {
  const plan = await publicPlan(db, planId, clock);
  const placed = await placeChoice(db, plan, choice, clock, false);
  const first = startOf(placed, choice.startsOn, clock);
  if (plan.cap !== null && (await subscriberCount(db, planId)) >= plan.cap) throw conflict(SUBSCRIBE_MESSAGES.full);
  await refuseFullSlots(db, placed, first, clock);
  return quoteFrom(placed, first, clock);
}

/**
 * Refuses a subscription whose delivery slots the shop already takes orders for (its horizon) are full: from the
 * first delivery on, each such slot must have a place left for it (places held for other subscribers count as taken).
 */
export async function refuseFullSlots(db: Tx, placed: Placed, first: string, clock: PlanClock) {
  const until = Temporal.PlainDate.from(first).add({ days: 62 }).toString();
  const dates = deliveryDates(seasonTerms(placed.plan, placed.served.weekday, first), first, until);
  const picks = dates.map((date) => ({ shopId: placed.plan.shopId, windowId: placed.window.id, date }));
  const slots = await describeSlots(db, picks, clock.now);
  const full = slots.find((slot) => slot?.status === 'full');
  if (full) {
    throw new AppError(
      'SLOT_FULL',
      `${full.label} at ${placed.plan.shop.name} is full: choose another time or start after it`,
    );
  }
}

export type NewSubscription = {
  placed: Placed;
  first: string;
  /** A season's payments, the first taken on subscribing (empty: each delivery is charged on its own). */
  schedule: PlannedPayment[];
  card: {
    customerId: string;
    paymentMethodId: string;
    setupIntentId: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
  };
};

/**
 * Writes the subscription in one transaction that holds the plan (its cap counted under the lock, so two shoppers never
 * both take its last place) and the window's places (as checkout's booking does, so a one-off order and a subscriber
 * never both take a slot's last place). Answers the new subscription's id.
 */
export async function writeSubscription(db: Db, userId: string, made: NewSubscription, clock: PlanClock) {
  const { placed, first, card } = made;
  return db.transaction(async (tx) => {
    await tx
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, placed.plan.id))
      .for('update');
    if (placed.plan.cap !== null && (await subscriberCount(tx, placed.plan.id)) >= placed.plan.cap) {
      throw conflict(SUBSCRIBE_MESSAGES.full);
    }
    const [mine] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.planId, placed.plan.id),
          eq(subscriptions.userId, userId),
          ne(subscriptions.status, 'cancelled'),
        ),
      );
    if (mine) throw conflict(SUBSCRIBE_MESSAGES.already);
    await lockWindowPlaces(tx, [placed.window.id]);
    await refuseFullSlots(tx, placed, first, clock);
    const [row] = await tx
      .insert(subscriptions)
      .values({
        planId: placed.plan.id,
        userId,
        windowId: placed.window.id,
        deliveryAddress: placed.address,
        deliveryPostcode: placed.postcode,
        startsOn: first,
        providerCustomerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        setupIntentId: card.setupIntentId,
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardExpMonth: card.expMonth,
        cardExpYear: card.expYear,
        cardState: 'ready',
        createdAt: clock.now,
        updatedAt: clock.now,
      })
      .returning({ id: subscriptions.id });
    if (made.schedule.length > 0) {
      await tx
        .insert(subscriptionPayments)
        .values(made.schedule.map((payment, index) => ({ ...payment, subscriptionId: row.id, number: index + 1 })));
    }
    return row.id;
  });
}

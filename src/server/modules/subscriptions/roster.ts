import { and, asc, between, eq, gte, inArray, isNotNull, ne, or } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { timesText } from '#contract/fulfilment-labels.ts';
import { BOX_MESSAGES, PACKED_STATES, type Roster, type RosterDelivery, type RosterState } from '#contract/roster.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { orderNumbersOf } from '../orders/index.ts';
import { encodeSlotId, type ServedWindow, servedSlot, servedWindows } from '../slots/index.ts';
import { accountsByIds } from '../users/index.ts';
import { deliveryDates } from './delivery-dates.ts';
import { MISSED_CUTOFF, termsOf } from './make-deliveries.ts';
import {
  subscriptionBoxContents,
  subscriptionDeliveries,
  subscriptionPlans,
  subscriptionPlanWindows,
  subscriptions,
} from './tables.ts';

const dayIn = (timeZone: string, at: Date) =>
  Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();

/** "9:00–12:00 at Farm gate", "16:00–19:00 delivery": the roster names the day apart. */
const label = (window: ServedWindow) => {
  const times = timesText({
    start: window.startTime.slice(0, 5),
    end: window.endTime.slice(0, 5),
    endsNextDay: window.endsNextDay,
  });
  return window.pickupPoint ? `${times} at ${window.pickupPoint.name}` : `${times} delivery`;
};

/**
 * The shop's subscribers over the seven days from `from` (default today in the shop's zone), per plan, date and
 * window (decision 068): each subscriber's delivery as its row says (ordered, paid, skipped, closed, card failed), or
 * what will come of it (due, away, paused); a box plan's contents for the date. Plans ended before the week with no
 * delivery in it are left out.
 */
export async function shopRoster(
  db: Db,
  shopId: string,
  query: { from?: string },
  options: { now: Date; defaultTimeZone: string },
): Promise<Roster> {
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.shopId, shopId))
    .orderBy(asc(subscriptionPlans.createdAt), asc(subscriptionPlans.id));
  const planIds = plans.map((p) => p.id);
  const subs = planIds.length
    ? await db
        .select()
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.planId, planIds),
            // A cancelled subscription still has the deliveries ordered or in its notice, up to ends_after.
            or(ne(subscriptions.status, 'cancelled'), isNotNull(subscriptions.endsAfter)),
          ),
        )
        .orderBy(asc(subscriptions.createdAt))
    : [];
  const planWindows = planIds.length
    ? await db.select().from(subscriptionPlanWindows).where(inArray(subscriptionPlanWindows.planId, planIds))
    : [];
  const windows = await servedWindows(
    db,
    [...planWindows.map((w) => w.windowId), ...subs.map((s) => s.windowId)],
    options.defaultTimeZone,
  );
  const timeZone = [...windows.values()][0]?.timeZone ?? options.defaultTimeZone;
  const from = query.from ? Temporal.PlainDate.from(query.from) : dayIn(timeZone, options.now);
  const to = from.add({ days: 6 });
  const range = [from.toString(), to.toString()] as const;
  const rows = subs.length
    ? await db
        .select()
        .from(subscriptionDeliveries)
        .where(
          and(
            inArray(
              subscriptionDeliveries.subscriptionId,
              subs.map((s) => s.id),
            ),
            between(subscriptionDeliveries.deliveryOn, ...range),
          ),
        )
    : [];
  const boxes = planIds.length
    ? await db
        .select()
        .from(subscriptionBoxContents)
        .where(
          and(inArray(subscriptionBoxContents.planId, planIds), between(subscriptionBoxContents.deliveryOn, ...range)),
        )
    : [];
  const people = await accountsByIds(
    db,
    subs.map((s) => s.userId),
  );
  const numbers = await orderNumbersOf(
    db,
    rows.flatMap((r) => (r.orderId ? [r.orderId] : [])),
  );
  const rowOf = new Map(rows.map((r) => [`${r.subscriptionId} ${r.deliveryOn}`, r]));
  const boxOf = new Map(boxes.map((b) => [`${b.planId} ${b.deliveryOn}`, b.contents]));

  const rosterPlans = plans.map((plan) => {
    const byDay = new Map<string, RosterDelivery>();
    const add = (date: string, window: ServedWindow) => {
      const key = `${date} ${window.id}`;
      const found = byDay.get(key);
      if (found) return found;
      const made: RosterDelivery = {
        date,
        windowId: window.id,
        slotId: encodeSlotId(window.id, date),
        window: label(window),
        box: plan.kind === 'box' ? (boxOf.get(`${plan.id} ${date}`) ?? null) : null,
        boxOpen: plan.kind === 'box' && plan.endedAt === null,
        packed: 0,
        subscribers: [],
      };
      byDay.set(key, made);
      return made;
    };
    // The plan's own times in the week, so a farm sets next week's box before anyone's order is made.
    if (plan.endedAt === null)
      for (const link of planWindows.filter((w) => w.planId === plan.id)) {
        const window = windows.get(link.windowId);
        if (!window || window.retired) continue;
        const firstOn = plan.startsOn && plan.startsOn > range[0] ? plan.startsOn : range[0];
        const terms = { frequency: 'weekly' as const, weekday: window.weekday, firstOn, lastOn: plan.endsOn };
        for (const date of deliveryDates(terms, ...range)) add(date, window);
      }
    for (const sub of subs.filter((s) => s.planId === plan.id)) {
      const window = windows.get(sub.windowId);
      if (!window) continue;
      const dates = new Set([
        ...deliveryDates(termsOf(sub, plan, window), ...range),
        ...rows.filter((r) => r.subscriptionId === sub.id).map((r) => r.deliveryOn),
      ]);
      for (const date of dates) {
        const row = rowOf.get(`${sub.id} ${date}`);
        if (!row && plan.endedAt !== null) continue;
        // A delivery moved by a holiday is on another of the plan's times.
        const on = (row && windows.get(row.windowId)) || window;
        const state: RosterState = row
          ? row.status === 'cancelled' && row.lastError === MISSED_CUTOFF
            ? 'missed'
            : row.status
          : sub.status === 'paused' || sub.status === 'payment_failed'
            ? 'paused'
            : sub.pausedFrom && sub.pausedUntil && sub.pausedFrom <= date && date <= sub.pausedUntil
              ? 'vacation'
              : servedSlot(on, date).closesAt <= options.now
                ? 'overdue'
                : 'due';
        // A delivery its shopper moved to another time the same week keeps its date as its key: listed on its slot's day.
        const day = row
          ? Temporal.Instant.fromEpochMilliseconds(row.slotStart.getTime())
              .toZonedDateTimeISO(on.timeZone)
              .toPlainDate()
              .toString()
          : date;
        const delivery = add(day, on);
        if (row?.orderId) delivery.boxOpen = false;
        if (PACKED_STATES.includes(state)) delivery.packed += 1;
        const person = people.get(sub.userId);
        delivery.subscribers.push({
          subscriptionId: sub.id,
          name: person?.name ?? '',
          email: person?.email ?? '',
          state,
          orderId: row?.orderId ?? null,
          orderNumber: row?.orderId ? (numbers.get(row.orderId) ?? null) : null,
        });
      }
    }
    const deliveries = [...byDay.values()].sort(
      (a, b) => a.date.localeCompare(b.date) || a.window.localeCompare(b.window),
    );
    return {
      planId: plan.id,
      name: plan.name,
      kind: plan.kind,
      usualBox: plan.boxContents,
      ended: plan.endedAt !== null,
      deliveries,
    };
  });
  return {
    shopId,
    timeZone,
    from: range[0],
    to: range[1],
    plans: rosterPlans.filter((plan) => !plan.ended || plan.deliveries.length > 0),
  };
}

/**
 * Sets a box plan's contents for one delivery date (decision 068): a date one of its times falls on, not past, and
 * before that date's orders are made (they copy the contents when they are made). Answers what was set.
 */
export async function setBoxContents(
  db: Db,
  target: { shopId: string; planId: string; date: string },
  contents: string,
  options: { now: Date; defaultTimeZone: string },
) {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select()
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.id, target.planId), eq(subscriptionPlans.shopId, target.shopId)))
      .for('update');
    if (!plan) throw notFound('Plan');
    if (plan.kind !== 'box') throw badRequest(`contents: ${BOX_MESSAGES.notBox}`, { contents: BOX_MESSAGES.notBox });
    await assertBoxDate(tx, plan.id, target.date, options);
    const set = { contents, setAt: options.now };
    await tx
      .insert(subscriptionBoxContents)
      .values({ planId: plan.id, deliveryOn: target.date, ...set })
      .onConflictDoUpdate({ target: [subscriptionBoxContents.planId, subscriptionBoxContents.deliveryOn], set });
    return { planId: plan.id, date: target.date, contents };
  });
}

async function assertBoxDate(tx: Tx, planId: string, date: string, options: { now: Date; defaultTimeZone: string }) {
  const links = await tx.select().from(subscriptionPlanWindows).where(eq(subscriptionPlanWindows.planId, planId));
  const windows = [
    ...(
      await servedWindows(
        tx,
        links.map((l) => l.windowId),
        options.defaultTimeZone,
      )
    ).values(),
  ];
  const weekday = Temporal.PlainDate.from(date).dayOfWeek;
  const serving = windows.filter((w) => !w.retired && w.weekday === weekday);
  if (serving.length === 0) throw conflict(BOX_MESSAGES.notADelivery);
  if (serving.every((w) => servedSlot(w, date).start <= options.now)) throw conflict(BOX_MESSAGES.past);
  const ordered = await tx
    .select({ orderId: subscriptionDeliveries.orderId })
    .from(subscriptionDeliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDeliveries.subscriptionId))
    .where(and(eq(subscriptions.planId, planId), eq(subscriptionDeliveries.deliveryOn, date)))
    .limit(1);
  if (ordered.some((row) => row.orderId !== null)) throw conflict(BOX_MESSAGES.ordered);
}

/** A box plan's contents set for its coming deliveries (today on), soonest first; 404 for a plan shoppers do not see. */
export async function planBoxesFrom(db: Db, planId: string, today: string) {
  const boxes = await db
    .select({ date: subscriptionBoxContents.deliveryOn, contents: subscriptionBoxContents.contents })
    .from(subscriptionBoxContents)
    .where(and(eq(subscriptionBoxContents.planId, planId), gte(subscriptionBoxContents.deliveryOn, today)))
    .orderBy(asc(subscriptionBoxContents.deliveryOn))
    .limit(8);
  return { planId, boxes };
}

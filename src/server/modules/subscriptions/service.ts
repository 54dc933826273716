import { and, asc, eq, gte, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { CategoryValue } from '#contract/categories.ts';
import { weeklyWindowLabel } from '#contract/fulfilment-labels.ts';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import { WEEKDAYS } from '#contract/slots.ts';
import { discountedCents, listValueCents } from '#contract/subscription-words.ts';
import {
  PLAN_MESSAGES,
  type PlanChoices,
  type PlanState,
  type PlanValues,
  type PlanWindow,
  type PublicPlan,
  type SubscriptionPlan,
} from '#contract/subscriptions.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import { notifyCatalogChanged } from '../../db/change-feed.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { isOpenShop, productsForCart, productsForExport } from '../catalog/index.ts';
import { shopOf } from '../shops/index.ts';
import { readSettings } from '../slots/index.ts';
import { tellPlanEnded } from './delivery-notices.ts';
import { subscriptionPlanItems, subscriptionPlans, subscriptionPlanWindows } from './tables.ts';

type PlanRow = typeof subscriptionPlans.$inferSelect;
/** What the plans' pages need besides the rows: the business day and the zone a shop without settings uses. */
export type PlanClock = { today: string; defaultTimeZone: string; now: Date };

/** The shop's live pickup and delivery windows, labelled, by id, in the week's order (Monday first, then by time). */
async function shopWindows(db: Tx, shopId: string, clock: PlanClock): Promise<Map<string, PlanWindow>> {
  const settings = await readSettings(db, shopId, clock.defaultTimeZone, clock.now);
  const windows = [
    ...settings.pickupPoints.flatMap((point) =>
      point.windows.map((w) => ({ w, id: w.id, kind: 'pickup' as const, label: weeklyWindowLabel(w, point.name) })),
    ),
    ...(settings.delivery?.windows ?? []).map((w) => ({
      w,
      id: w.id,
      kind: 'delivery' as const,
      label: `Delivery ${weeklyWindowLabel(w)}`,
    })),
  ];
  const when = ({ w }: (typeof windows)[number]) => `${WEEKDAYS.indexOf(w.weekday)}${w.start}`;
  windows.sort((a, b) => when(a).localeCompare(when(b)));
  return new Map(windows.map(({ w: _, ...window }) => [window.id, window]));
}

function stateOf(row: PlanRow, today: string): PlanState {
  if (row.endedAt) return 'ended';
  if (row.endsOn && row.endsOn < today) return 'season_over';
  if (row.startsOn && row.startsOn > today) return 'upcoming';
  return 'open';
}

/** The plans with their items (priced as listed now) and live windows, in the order given. */
async function toPlans(db: Tx, rows: PlanRow[], clock: PlanClock): Promise<SubscriptionPlan[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, links] = await Promise.all([
    db
      .select()
      .from(subscriptionPlanItems)
      .where(inArray(subscriptionPlanItems.planId, ids))
      .orderBy(asc(subscriptionPlanItems.position)),
    db.select().from(subscriptionPlanWindows).where(inArray(subscriptionPlanWindows.planId, ids)),
  ]);
  const options = await productsForCart(
    db,
    items.map((item) => item.optionId),
  );
  const windowsByShop = new Map<string, Map<string, PlanWindow>>();
  for (const shopId of new Set(rows.map((row) => row.shopId)))
    windowsByShop.set(shopId, await shopWindows(db, shopId, clock));
  return rows.map((row) => {
    const planItems = items
      .filter((item) => item.planId === row.id)
      .flatMap((item) => {
        const option = options.get(item.optionId);
        if (!option) return [];
        return [
          {
            optionId: item.optionId,
            productId: option.productId,
            productName: option.name,
            optionLabel: option.optionCount > 1 ? option.optionLabel : null,
            quantity: item.quantity,
            unitPriceCents: option.listPriceCents,
            onSale: option.listed && !option.expired,
          },
        ];
      });
    const shopWindowsOf = windowsByShop.get(row.shopId) ?? new Map<string, PlanWindow>();
    const valueCents =
      row.kind === 'box' ? (row.boxValueCents ?? 0) : listValueCents(planItems.filter((item) => item.onSale));
    return {
      id: row.id,
      shopId: row.shopId,
      name: row.name,
      description: row.description,
      kind: row.kind,
      items: planItems.map(({ unitPriceCents, ...item }) => ({ ...item, unitPrice: centsToDollars(unitPriceCents) })),
      boxValue: row.boxValueCents === null ? null : centsToDollars(row.boxValueCents),
      boxContents: row.boxContents ?? '',
      frequency: row.frequency,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      billing: row.pricing,
      seasonPrice: row.seasonPriceCents === null ? null : centsToDollars(row.seasonPriceCents),
      installments: row.installments,
      discountPercent: row.discountPercent,
      cap: row.subscriberCap,
      boxCategory: row.kind === 'box' ? (row.boxCategory as CategoryValue) : null,
      noticeDays: row.noticeDays,
      windows: [...shopWindowsOf.values()].filter((window) =>
        links.some((link) => link.planId === row.id && link.windowId === window.id),
      ),
      deliveryValue: centsToDollars(valueCents),
      deliveryPrice: centsToDollars(discountedCents(valueCents, row.discountPercent)),
      state: stateOf(row, clock.today),
      endedAt: row.endedAt?.toISOString() ?? null,
    };
  });
}

/** The live windows serving each plan, labelled, by plan id (a subscriber's choices of time). */
export async function plansWindows(db: Tx, rows: PlanRow[], clock: PlanClock): Promise<Map<string, PlanWindow[]>> {
  const plans = await toPlans(db, rows, clock);
  return new Map(plans.map((plan) => [plan.id, plan.windows]));
}

/** Every plan of the shop, ended ones too, oldest first (the vendor's page). */
export async function listShopPlans(db: Db, shopId: string, clock: PlanClock): Promise<SubscriptionPlan[]> {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.shopId, shopId))
    .orderBy(asc(subscriptionPlans.createdAt), asc(subscriptionPlans.id));
  return toPlans(db, rows, clock);
}

/** The options a fixed plan may hold (listed, not sold by weight) and the live windows, for the vendor's form. */
export async function planChoices(db: Db, shopId: string, clock: PlanClock): Promise<PlanChoices> {
  const [products, windows] = await Promise.all([productsForExport(db, shopId), shopWindows(db, shopId, clock)]);
  const options = products
    .filter((product) => product.listed)
    .flatMap((product) => {
      const listed = product.options.filter((option) => option.listed && !option.soldByWeight);
      return listed.map((option) => ({
        optionId: option.id,
        productName: product.name,
        optionLabel: product.options.filter((o) => o.listed).length > 1 ? option.label : null,
        unitPrice: centsToDollars(option.priceCents),
      }));
    })
    .sort((a, b) => a.productName.localeCompare(b.productName));
  return { options, windows: [...windows.values()] };
}

/**
 * The plan's row from the form's values, each field of another kind or pricing left empty, after checking what the
 * table cannot: the options are the shop's own, on sale and not weighed, the windows the shop's live ones, and the
 * season does not end before today. Field name to message, all at once.
 */
async function checkedRow(
  db: Tx,
  shopId: string,
  input: PlanValues,
  windows: Map<string, PlanWindow>,
  clock: PlanClock,
) {
  const fields: Record<string, string> = {};
  const items = input.kind === 'fixed' ? input.items : [];
  const options = await productsForCart(
    db,
    items.map((item) => item.optionId),
  );
  items.forEach((item, i) => {
    const option = options.get(item.optionId);
    if (!option || option.vendorId !== shopId || !option.listed)
      fields[`items.${i}.optionId`] = PLAN_MESSAGES.notYourOption;
    else if (option.soldByWeight) fields[`items.${i}.optionId`] = PLAN_MESSAGES.weighedOption;
  });
  input.windowIds.forEach((id, i) => {
    if (!windows.has(id)) fields[`windowIds.${i}`] = PLAN_MESSAGES.notYourWindow;
  });
  if (input.endsOn && input.endsOn < clock.today) fields.endsOn = PLAN_MESSAGES.endPast;
  if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields)[0], fields);

  const box = input.kind === 'box';
  const season = input.billing !== 'per_delivery';
  const row = {
    name: input.name,
    description: input.description,
    kind: input.kind,
    boxValueCents: box && input.boxValue !== undefined ? dollarsToCents(input.boxValue) : null,
    boxContents: box ? input.boxContents : null,
    frequency: input.frequency,
    startsOn: input.startsOn ?? null,
    endsOn: input.endsOn ?? null,
    pricing: input.billing,
    seasonPriceCents: season && input.seasonPrice !== undefined ? dollarsToCents(input.seasonPrice) : null,
    installments: input.billing === 'installments' ? (input.installments ?? null) : null,
    discountPercent: input.discountPercent ?? null,
    subscriberCap: input.cap ?? null,
    boxCategory: input.boxCategory,
    noticeDays: input.noticeDays ?? 0,
  };
  return { row, items, windowIds: [...new Set(input.windowIds)] };
}

async function writeParts(tx: Tx, planId: string, items: PlanValues['items'], windowIds: string[]) {
  await tx.delete(subscriptionPlanItems).where(eq(subscriptionPlanItems.planId, planId));
  await tx.delete(subscriptionPlanWindows).where(eq(subscriptionPlanWindows.planId, planId));
  if (items.length > 0)
    await tx
      .insert(subscriptionPlanItems)
      .values(items.map((item, position) => ({ planId, optionId: item.optionId, quantity: item.quantity, position })));
  await tx.insert(subscriptionPlanWindows).values(windowIds.map((windowId) => ({ planId, windowId })));
}

async function onePlan(db: Tx, planId: string, clock: PlanClock): Promise<SubscriptionPlan> {
  const rows = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  const [plan] = await toPlans(db, rows, clock);
  return plan;
}

export async function createPlan(db: Db, shopId: string, input: PlanValues, clock: PlanClock) {
  // The shop's windows are read before the transaction (the slots' read runs its queries side by side).
  const windows = await shopWindows(db, shopId, clock);
  const id = await db.transaction(async (tx) => {
    const { row, items, windowIds } = await checkedRow(tx, shopId, input, windows, clock);
    const [created] = await tx
      .insert(subscriptionPlans)
      .values({ ...row, shopId })
      .returning({ id: subscriptionPlans.id });
    await writeParts(tx, created.id, items, windowIds);
    await notifyCatalogChanged(tx); // the shop's page lists its plans
    return created.id;
  });
  return onePlan(db, id, clock);
}

/** The shop's plan, locked for the change: 404 when the shop has no plan of this id. */
async function lockedPlan(tx: Tx, shopId: string, planId: string) {
  const [row] = await tx
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.shopId, shopId)))
    .for('update');
  if (!row) throw notFound('Plan');
  return row;
}

export async function updatePlan(db: Db, shopId: string, planId: string, input: PlanValues, clock: PlanClock) {
  const windows = await shopWindows(db, shopId, clock);
  await db.transaction(async (tx) => {
    const current = await lockedPlan(tx, shopId, planId);
    if (current.endedAt) throw conflict(PLAN_MESSAGES.ended);
    const { row, items, windowIds } = await checkedRow(tx, shopId, input, windows, clock);
    await tx
      .update(subscriptionPlans)
      .set({ ...row, updatedAt: clock.now })
      .where(eq(subscriptionPlans.id, planId));
    await writeParts(tx, planId, items, windowIds);
    await notifyCatalogChanged(tx);
  });
  return onePlan(db, planId, clock);
}

/** Ends the plan (once: ending it again changes nothing). It stays, with its items and windows, for its history. */
export async function endPlan(db: Db, shopId: string, planId: string, clock: PlanClock) {
  await db.transaction(async (tx) => {
    const current = await lockedPlan(tx, shopId, planId);
    if (!current.endedAt) {
      await tx
        .update(subscriptionPlans)
        .set({ endedAt: clock.now, updatedAt: clock.now })
        .where(eq(subscriptionPlans.id, planId));
      await tellPlanEnded(tx, current, clock.today);
    }
    await notifyCatalogChanged(tx);
  });
  return onePlan(db, planId, clock);
}

/** Plans shoppers see: not ended, and the season not over (calendar days in the business zone). */
const shownOn = (today: string | SQL) =>
  and(isNull(subscriptionPlans.endedAt), or(isNull(subscriptionPlans.endsOn), gte(subscriptionPlans.endsOn, today)));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A listed shop's open and upcoming plans, oldest first; 404 when the shop is not listed. */
export async function publicShopPlans(db: Db, shopId: string, clock: PlanClock) {
  if (!(await isOpenShop(db, shopId))) throw notFound('Shop');
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.shopId, shopId), shownOn(clock.today)))
    .orderBy(asc(subscriptionPlans.createdAt), asc(subscriptionPlans.id));
  return (await toPlans(db, rows, clock)).map(({ endedAt: _, ...plan }) => plan);
}

/** Whether a plan page shows a plan: an open or upcoming plan of a listed shop (today: the database's business day). */
export async function isShownPlan(db: Db, id: string, today: string | SQL = BUSINESS_TODAY): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [row] = await db
    .select({ shopId: subscriptionPlans.shopId })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, id), shownOn(today)));
  return row !== undefined && (await isOpenShop(db, row.shopId));
}

/** One plan's public page: 404 when it has ended, its season is over or its shop is not listed. */
export async function publicPlan(db: Db, id: string, clock: PlanClock): Promise<PublicPlan> {
  if (!(await isShownPlan(db, id, clock.today))) throw notFound('Plan');
  const { endedAt: _, ...plan } = await onePlan(db, id, clock);
  const shop = await shopOf(db, plan.shopId);
  return { ...plan, shop: { id: plan.shopId, name: shop?.name ?? '', phone: shop?.phone ?? null } };
}

/** The plan pages search engines are told to visit: those shown, of listed shops, by id. */
export async function planSitemapPages(db: Db): Promise<{ id: string; updatedAt: Date }[]> {
  const rows = await db
    .select({ id: subscriptionPlans.id, shopId: subscriptionPlans.shopId, updatedAt: subscriptionPlans.updatedAt })
    .from(subscriptionPlans)
    .where(shownOn(BUSINESS_TODAY))
    .orderBy(asc(subscriptionPlans.id));
  const open = new Map<string, boolean>();
  for (const shopId of new Set(rows.map((row) => row.shopId))) open.set(shopId, await isOpenShop(db, shopId));
  return rows.filter((row) => open.get(row.shopId)).map(({ id, updatedAt }) => ({ id, updatedAt }));
}

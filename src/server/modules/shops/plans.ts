import { asc, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_PLAN_KEY,
  type MembershipPlan,
  type MembershipPlanInput,
  type PlanBilling,
  PREMIUM_PLAN_KEY,
  planLimitText,
} from '#contract/membership-plans.ts';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import { PRODUCT_LIMIT_MESSAGE } from '#contract/products.ts';
import { notifyCatalogChanged } from '../../db/change-feed.ts';
import type { Tx } from '../../db/client.ts';
import { membershipPlans, shops } from './tables.ts';

/** A plan as stored (cents, basis points). */
export type PlanRow = typeof membershipPlans.$inferSelect & { billing: PlanBilling };

export const toPlan = (row: PlanRow): MembershipPlan => ({
  key: row.key,
  name: row.name,
  productLimit: row.productLimit,
  price: centsToDollars(row.priceCents),
  billing: row.billing,
  commissionPercent: row.commissionBps / 100,
  goldBadge: row.goldBadge,
  position: row.position,
  active: row.active,
});

/** Every plan (or the offered ones), in the admin's order. */
export async function membershipPlanRows(db: Tx, { offeredOnly = false } = {}): Promise<PlanRow[]> {
  const rows = await db
    .select()
    .from(membershipPlans)
    .where(offeredOnly ? eq(membershipPlans.active, true) : undefined)
    .orderBy(asc(membershipPlans.position), asc(membershipPlans.priceCents), asc(membershipPlans.key));
  return rows as PlanRow[];
}

export async function planRow(db: Tx, key: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.key, key));
  return row as PlanRow | undefined;
}

/** The plan every shop starts on and falls back to (migration 0052 seeds it; it cannot be removed). */
async function defaultPlan(db: Tx): Promise<PlanRow> {
  const row = await planRow(db, DEFAULT_PLAN_KEY);
  if (!row) throw new Error('No normal membership plan: migration 0052 seeds it');
  return row;
}

/** The premium plan as it stands (its words are the spec's limit message). */
export const premiumPlan = (db: Tx) => planRow(db, PREMIUM_PLAN_KEY);

/** Whether a shop's plan holds at `now`: a monthly plan paid until a moment past is lapsed. */
const lapsed = (shop: { paidUntil: Date | null }, now: Date) => shop.paidUntil !== null && shop.paidUntil <= now;

/**
 * The plan whose rules apply to each vendor's shop at `now`: its own, or the normal plan when its monthly plan has
 * lapsed or it has no shop yet.
 */
export async function plansOfShops(db: Tx, vendorIds: readonly string[], now: Date): Promise<Map<string, PlanRow>> {
  const ids = [...new Set(vendorIds)];
  const fallback = await defaultPlan(db);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ vendorId: shops.vendorId, paidUntil: shops.paidUntil, plan: membershipPlans })
    .from(shops)
    .innerJoin(membershipPlans, eq(membershipPlans.key, shops.membership))
    .where(inArray(shops.vendorId, ids));
  const found = new Map(rows.map((row) => [row.vendorId, lapsed(row, now) ? fallback : (row.plan as PlanRow)]));
  return new Map(ids.map((id) => [id, found.get(id) ?? fallback]));
}

/** The plan whose rules apply to this vendor's shop at `now`. */
export async function planOfShop(db: Tx, vendorId: string, now: Date): Promise<PlanRow> {
  return (await plansOfShops(db, [vendorId], now)).get(vendorId)!;
}

/** The shop's own plan and until when it is paid (lapsed or not). */
export async function shopPlanState(db: Tx, vendorId: string) {
  const [row] = await db
    .select({ membership: shops.membership, paidUntil: shops.paidUntil })
    .from(shops)
    .where(eq(shops.vendorId, vendorId));
  return row;
}

/** Adds a month to a moment, as the calendar counts it (31 January + a month = 28 or 29 February). */
export function plusMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/**
 * A paid plan, in the payment's transaction: the shop moves to it; a monthly plan is paid a month from now, or from
 * the end of the month already paid when it renews before it lapses. Answers that end (null for one-off plans).
 */
export async function grantPlan(tx: Tx, vendorId: string, plan: PlanRow, now: Date): Promise<Date | null> {
  let paidUntil: Date | null = null;
  if (plan.billing === 'monthly') {
    const state = await shopPlanState(tx, vendorId);
    const from = state?.membership === plan.key && state.paidUntil && state.paidUntil > now ? state.paidUntil : now;
    paidUntil = plusMonth(from);
  }
  await tx.update(shops).set({ membership: plan.key, paidUntil }).where(eq(shops.vendorId, vendorId));
  await notifyCatalogChanged(tx); // listings show the shops with a gold badge
  return paidUntil;
}

/** The admin's plan, as it should be from now on (added when the key is new). Answers whether it was new. */
export async function savePlan(tx: Tx, key: string, input: MembershipPlanInput): Promise<boolean> {
  const values = {
    name: input.name,
    productLimit: input.unlimited ? null : (input.productLimit ?? null),
    priceCents: dollarsToCents(input.price),
    billing: input.billing,
    commissionBps: Math.round(input.commissionPercent * 100),
    goldBadge: input.goldBadge,
    position: input.position,
    active: input.active,
    updatedAt: new Date(),
  };
  const before = await planRow(tx, key);
  await tx
    .insert(membershipPlans)
    .values({ key, ...values })
    .onConflictDoUpdate({ target: membershipPlans.key, set: values });
  await notifyCatalogChanged(tx); // a plan's gold badge shows in listings
  return before === undefined;
}

/** The commission of a plan (the admin's commission page sets the normal and premium plans'). */
export async function setPlanCommission(tx: Tx, key: string, commissionBps: number): Promise<void> {
  await tx.update(membershipPlans).set({ commissionBps, updatedAt: new Date() }).where(eq(membershipPlans.key, key));
}

/**
 * What a vendor reads when the plan's limit is reached. The spec's words while they are true (the premium plan is
 * offered and unlimited, and the shop is not on it); otherwise the same refusal with the plan's own name and limit.
 */
export function productLimitMessage(
  plan: Pick<PlanRow, 'key' | 'name' | 'productLimit'>,
  premium: Pick<PlanRow, 'active' | 'productLimit'> | undefined,
): string {
  if (plan.key !== PREMIUM_PLAN_KEY && premium?.active && premium.productLimit === null) return PRODUCT_LIMIT_MESSAGE;
  return `You are not able to add more products. The ${plan.name} membership holds at most ${planLimitText(plan).toLowerCase()}; choose another membership to add more.`;
}

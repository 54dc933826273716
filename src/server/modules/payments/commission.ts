import { desc } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import type { CommissionInput, CommissionRates, CommissionSettings } from '#contract/payouts.ts';
import type { Db, Tx } from '../../db/client.ts';
import { planRow, plansOfShops, setPlanCommission } from '../shops/index.ts';
import { commissionRates } from './tables.ts';

type RatesRow = typeof commissionRates.$inferSelect;

const toRates = (row: RatesRow): CommissionRates => ({
  _id: row.id,
  normalPercent: row.normalBps / 100,
  premiumPercent: row.premiumBps / 100,
  orderFee: centsToDollars(row.orderFeeCents),
  since: row.createdAt.toISOString(),
});

/**
 * The commission is read from two places, each the only source of its figure (decision 051): the rate of a line is
 * its shop's membership plan's (membership_plans.commission_bps), the fee per shop part the newest row here.
 * commission_rates' normal and premium rates are the record of what was set when (the admin's history), written
 * whenever the normal or the premium plan's rate changes, never read for an order.
 */

/** The fee that applies to an order placed now: the newest the admin set (migration 0031 set the first). */
async function currentRow(db: Tx): Promise<RatesRow> {
  const [row] = await db
    .select()
    .from(commissionRates)
    .orderBy(desc(commissionRates.createdAt), desc(commissionRates.id))
    .limit(1);
  if (!row) throw new Error('No commission rates: migration 0031 records the first');
  return row;
}

/** How many earlier settings the admin sees. */
const HISTORY = 20;

/** The normal and premium plans' rates now, in basis points. */
async function defaultPlanRates(db: Tx): Promise<{ normalBps: number; premiumBps: number }> {
  const [normal, premium] = await Promise.all([planRow(db, 'normal'), planRow(db, 'premium')]);
  return { normalBps: normal?.commissionBps ?? 0, premiumBps: premium?.commissionBps ?? 0 };
}

/** The commission page: the normal and premium plans' rates and the fee now, and what was set before. */
export async function commissionSettings(db: Tx): Promise<CommissionSettings> {
  const rows = await db
    .select()
    .from(commissionRates)
    .orderBy(desc(commissionRates.createdAt), desc(commissionRates.id))
    .limit(HISTORY + 1);
  const [newest, ...history] = rows.map(toRates);
  if (!newest) throw new Error('No commission rates: migration 0031 records the first');
  const plans = await defaultPlanRates(db);
  return {
    current: { ...newest, normalPercent: plans.normalBps / 100, premiumPercent: plans.premiumBps / 100 },
    history,
  };
}

/**
 * Records the rates of the normal and premium plans and the fee as they stand now, in the caller's transaction,
 * when either rate or the fee differs from the newest record (the plans page calls it after a plan's change).
 */
export async function recordCommissionChange(tx: Tx, adminId: string, orderFeeCents?: number): Promise<void> {
  const newest = await currentRow(tx);
  const plans = await defaultPlanRates(tx);
  const feeCents = orderFeeCents ?? newest.orderFeeCents;
  if (orderFeeCents === undefined && plans.normalBps === newest.normalBps && plans.premiumBps === newest.premiumBps) {
    return;
  }
  await tx.insert(commissionRates).values({ ...plans, orderFeeCents: feeCents, setBy: adminId });
}

/**
 * The admin's new rates: the normal and premium plans' commission and the fee, recorded as a new row (the old ones
 * stay, as the orders placed under them say).
 */
export async function setCommission(db: Db, adminId: string, input: CommissionInput): Promise<CommissionSettings> {
  await db.transaction(async (tx) => {
    await setPlanCommission(tx, 'normal', Math.round(input.normalPercent * 100));
    await setPlanCommission(tx, 'premium', Math.round(input.premiumPercent * 100));
    await recordCommissionChange(tx, adminId, dollarsToCents(input.orderFee));
  });
  return commissionSettings(db);
}

/**
 * What an order placed now is charged: each shop's rate by the plan that applies to it now (the normal plan's when a
 * monthly plan lapsed), and the fee per shop part.
 */
export async function commissionForOrder(
  tx: Tx,
  vendorIds: readonly string[],
  now: Date = new Date(),
): Promise<{ feeCents: number; bpsOf: (vendorId: string) => number }> {
  const rates = await currentRow(tx);
  const plans = await plansOfShops(tx, vendorIds, now);
  return {
    feeCents: rates.orderFeeCents,
    bpsOf: (vendorId) => plans.get(vendorId)?.commissionBps ?? 0,
  };
}

import { desc } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import type { CommissionInput, CommissionRates, CommissionSettings } from '#contract/payouts.ts';
import type { Db, Tx } from '../../db/client.ts';
import { shopsByVendorIds } from '../shops/index.ts';
import { commissionRates } from './tables.ts';

type RatesRow = typeof commissionRates.$inferSelect;

const toRates = (row: RatesRow): CommissionRates => ({
  _id: row.id,
  normalPercent: row.normalBps / 100,
  premiumPercent: row.premiumBps / 100,
  orderFee: centsToDollars(row.orderFeeCents),
  since: row.createdAt.toISOString(),
});

/** The rates that apply to an order placed now: the newest the admin set (migration 0031 set the first). */
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

export async function commissionSettings(db: Tx): Promise<CommissionSettings> {
  const rows = await db
    .select()
    .from(commissionRates)
    .orderBy(desc(commissionRates.createdAt), desc(commissionRates.id))
    .limit(HISTORY + 1);
  const [current, ...history] = rows.map(toRates);
  if (!current) throw new Error('No commission rates: migration 0031 records the first');
  return { current, history };
}

/** The admin's new rates: recorded as a new row (the old ones stay, as the orders placed under them say). */
export async function setCommission(db: Db, adminId: string, input: CommissionInput): Promise<CommissionSettings> {
  await db.insert(commissionRates).values({
    normalBps: Math.round(input.normalPercent * 100),
    premiumBps: Math.round(input.premiumPercent * 100),
    orderFeeCents: dollarsToCents(input.orderFee),
    setBy: adminId,
  });
  return commissionSettings(db);
}

/** What an order placed now is charged: each shop's rate by its membership, and the fee per shop part. */
export async function commissionForOrder(
  tx: Tx,
  vendorIds: readonly string[],
): Promise<{ feeCents: number; bpsOf: (vendorId: string) => number }> {
  const rates = await currentRow(tx);
  const shops = await shopsByVendorIds(tx, vendorIds);
  return {
    feeCents: rates.orderFeeCents,
    bpsOf: (vendorId) => (shops.get(vendorId)?.membership === 'premium' ? rates.premiumBps : rates.normalBps),
  };
}

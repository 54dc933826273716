import { desc } from 'drizzle-orm';
import { CATEGORIES } from '#contract/categories.ts';
import type { TaxInput, TaxSetting, TaxSettings } from '#contract/tax.ts';
import type { Db, Tx } from '../../db/client.ts';
import { taxSettings } from './tables.ts';

type SettingRow = typeof taxSettings.$inferSelect;

/** The tax that applies now: whether prices include it, and each category's rate in basis points (0 when unset). */
export type CurrentTax = { included: boolean; bpsOf: (category: string) => number };

const newestFirst = [desc(taxSettings.createdAt), desc(taxSettings.id)];

const toSetting = (row: SettingRow): TaxSetting => ({
  _id: row.id,
  pricesIncludeTax: row.pricesIncludeTax,
  rates: CATEGORIES.map((c) => ({ category: c.value, label: c.label, percent: (row.rates[c.value] ?? 0) / 100 })),
  since: row.createdAt.toISOString(),
});

/** The newest setting (migration 0036 records the first: no tax, prices exclude tax). */
export async function currentTax(db: Tx): Promise<CurrentTax> {
  const [row] = await db
    .select()
    .from(taxSettings)
    .orderBy(...newestFirst)
    .limit(1);
  if (!row) throw new Error('No tax setting: migration 0036 records the first');
  return { included: row.pricesIncludeTax, bpsOf: (category) => row.rates[category] ?? 0 };
}

/** How many earlier settings the admin sees. */
const HISTORY = 20;

export async function getTaxSettings(db: Tx): Promise<TaxSettings> {
  const rows = await db
    .select()
    .from(taxSettings)
    .orderBy(...newestFirst)
    .limit(HISTORY + 1);
  const [current, ...history] = rows.map(toSetting);
  if (!current) throw new Error('No tax setting: migration 0036 records the first');
  return { current, history };
}

/** The admin's new setting: a new row (the old ones stay, as the orders placed under them say). */
export async function setTax(db: Db, adminId: string, input: TaxInput): Promise<TaxSettings> {
  const rates = Object.fromEntries(
    Object.entries(input.rates)
      .map(([category, percent]) => [category, Math.round(percent * 100)] as const)
      .filter(([, bps]) => bps > 0),
  );
  await db.insert(taxSettings).values({ pricesIncludeTax: input.pricesIncludeTax, rates, setBy: adminId });
  return getTaxSettings(db);
}

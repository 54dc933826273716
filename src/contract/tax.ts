import { z } from 'zod';
import { CATEGORIES, CATEGORY_VALUES, type CategoryValue } from './categories.ts';
import { centsToDollars, formatDollars } from './money.ts';
import { paidShares } from './shares.ts';

/**
 * Tax lines (decision 028): a rate per category, in basis points on the server and percent in the API; prices either
 * include tax or have it added. Each line is taxed on what it costs after its share of a coupon, rounded half up to
 * the cent per line.
 */

/** The highest tax rate the admin may set, in percent. */
export const MAX_TAX_PERCENT = 30;

/** n / d rounded half up, for integers n ≥ 0 and d > 0. */
const halfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/** The tax in a line that costs `priceCents` at `bps`: added on top of it, or (`included`) the part of it that is tax. */
export function lineTaxCents(priceCents: number, bps: number, included: boolean): number {
  return halfUp(priceCents * bps, included ? 10_000 + bps : 10_000);
}

/**
 * The tax of an order's lines: each line's price after its share of the discount (the shares refunds use), taxed at
 * its rate and rounded per line. `addedCents` is what the charge adds to the prices (0 when they include the tax).
 */
export function orderTax(
  lines: readonly { totalCents: number; taxBps: number }[],
  discountCents: number,
  included: boolean,
): { baseCents: number[]; taxCents: number[]; totalCents: number; addedCents: number } {
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const baseCents = paidShares(
    lines.map((line) => line.totalCents),
    Math.max(0, subtotal - discountCents),
  );
  const taxCents = baseCents.map((base, index) => lineTaxCents(base, lines[index].taxBps, included));
  const totalCents = taxCents.reduce((sum, tax) => sum + tax, 0);
  return { baseCents, taxCents, totalCents, addedCents: included ? 0 : totalCents };
}

/** The tax of one rate over an order or a cart, as the API shows it (dollars; `base` includes the tax if included). */
export const taxRateLine = z.object({ percent: z.number(), base: z.number(), tax: z.number() });
export type TaxRateLine = z.infer<typeof taxRateLine>;

/** One line per distinct rate (untaxed lines left out), lowest rate first. */
export function taxByRate(lines: readonly { baseCents: number; bps: number; taxCents: number }[]): TaxRateLine[] {
  const byBps = new Map<number, { base: number; tax: number }>();
  for (const line of lines) {
    if (line.bps === 0) continue;
    const sum = byBps.get(line.bps) ?? { base: 0, tax: 0 };
    byBps.set(line.bps, { base: sum.base + line.baseCents, tax: sum.tax + line.taxCents });
  }
  return [...byBps]
    .sort(([a], [b]) => a - b)
    .map(([bps, sum]) => ({ percent: bps / 100, base: centsToDollars(sum.base), tax: centsToDollars(sum.tax) }));
}

/** `Tax 5% on $12.00: $0.60`, or with tax-inclusive prices `Includes $0.57 tax at 5%`. */
export function taxLineText(line: TaxRateLine, included: boolean): string {
  return included
    ? `Includes ${formatDollars(line.tax)} tax at ${line.percent}%`
    : `Tax ${line.percent}% on ${formatDollars(line.base)}: ${formatDollars(line.tax)}`;
}

/**
 * The totals' rows of the tax, one per rate, as [label, amount]: `Tax 5% on $12.00`, `$0.60`; with tax-inclusive
 * prices `Includes $0.57 tax at 5%` and no amount (it is already in the prices).
 */
export function taxRowsOf(lines: readonly TaxRateLine[], included: boolean): [string, string][] {
  return lines.map((line) =>
    included
      ? [taxLineText(line, true), '']
      : [`Tax ${line.percent}% on ${formatDollars(line.base)}`, formatDollars(line.tax)],
  );
}

/** What a shopper reads beside prices. */
export const pricesTaxNote = (included: boolean) => (included ? 'Prices include tax' : 'Tax is added at checkout');

/** A number with at most two decimals. */
const hundredths = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

const ratePercent = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `Enter the tax on ${label} in percent (0 for none)` })
      .min(0, 'A tax rate cannot be negative')
      .max(MAX_TAX_PERCENT, `A tax rate is at most ${MAX_TAX_PERCENT}%`)
      .refine(hundredths, 'Use at most two decimals'),
  );

/** PUT /admin/tax: whether prices include tax, and every category's rate in percent. */
export const taxInput = z.object({
  pricesIncludeTax: z.boolean({ error: 'Say whether prices include tax' }),
  rates: z.object(
    Object.fromEntries(CATEGORIES.map((c) => [c.value, ratePercent(c.label)])) as Record<
      CategoryValue,
      ReturnType<typeof ratePercent>
    >,
    { error: 'Give a rate for every category' },
  ),
});
export type TaxInput = z.output<typeof taxInput>;
export type TaxFormValues = z.input<typeof taxInput>;

/** The tax that applies to orders placed from `since` on. */
export const taxSetting = z.object({
  _id: z.string(),
  pricesIncludeTax: z.boolean(),
  rates: z.array(z.object({ category: z.enum(CATEGORY_VALUES), label: z.string(), percent: z.number() })),
  since: z.string(),
});
export type TaxSetting = z.infer<typeof taxSetting>;

/** GET /admin/tax: the setting now and the earlier ones, newest first. */
export const taxSettingsResponse = z.object({ current: taxSetting, history: z.array(taxSetting) });
export type TaxSettings = z.infer<typeof taxSettingsResponse>;

import { z } from 'zod';

export { formatUseBy } from './use-by.ts';

/**
 * Near-expiry markdowns (decision 021): a vendor takes `percent` off a product in the last `days` days it can be
 * sold (its expiry date included), by a rule of the product or, failing that, of the whole shop. A markdown never
 * stacks with a deal: the shopper pays the better of the two, then any coupon comes off the goods as before.
 */
export const MARKDOWN_PERCENT = { min: 5, max: 90 } as const;
export const MARKDOWN_DAYS = { min: 1, max: 14 } as const;

const percentField = z
  .number({ error: 'Enter the percent off' })
  .int('Whole percent only')
  .min(MARKDOWN_PERCENT.min, `At least ${MARKDOWN_PERCENT.min}%`)
  .max(MARKDOWN_PERCENT.max, `At most ${MARKDOWN_PERCENT.max}%`);
const daysField = z
  .number({ error: 'Enter the number of days' })
  .int('Whole days only')
  .min(MARKDOWN_DAYS.min, `At least ${MARKDOWN_DAYS.min} day`)
  .max(MARKDOWN_DAYS.max, `At most ${MARKDOWN_DAYS.max} days`);

/** A markdown rule: `percent` off in the last `days` days before (and on) the expiry date. */
export const markdownRule = z.object({ percent: percentField, days: daysField });
export type MarkdownRule = z.infer<typeof markdownRule>;

/** GET /products/last-chance: how many products the shelf shows. */
export const lastChanceQuery = z.object({ limit: z.coerce.number().int().min(1).max(20).default(10) });

/** GET/PUT /markdowns/shop: the shop-wide rule, or null when the shop has none. */
export const shopMarkdown = z.object({ rule: markdownRule.nullable() });
export type ShopMarkdown = z.infer<typeof shopMarkdown>;

/**
 * A product form's own rule: percent and days both given, or both left empty (no rule of its own: the shop's rule,
 * if any, applies). Not sent at all (spec clients): an edit keeps the product's rule as it was.
 */
export const productMarkdownFields = {
  markdownPercent: percentField.nullable().optional(),
  markdownDays: daysField.nullable().optional(),
};
type RuleFields = { markdownPercent?: number | null; markdownDays?: number | null };
const given = (v: number | null | undefined) => typeof v === 'number';
export const ruleDaysGiven = (v: RuleFields) => !given(v.markdownPercent) || given(v.markdownDays);
export const rulePercentGiven = (v: RuleFields) => !given(v.markdownDays) || given(v.markdownPercent);
export const DAYS_NEEDED = 'Enter the days before expiry, or clear the percent';
export const PERCENT_NEEDED = 'Enter the percent off, or clear the days';

/** The markdown a product is sold at today (it beats any deal): percent off, the price (dollars), its use-by date. */
export const productMarkdown = z.object({ discountPercent: z.number().int(), price: z.number(), useBy: z.string() });

export const PRICE_SAVINGS = ['deal', 'markdown'] as const;
/** What took money off a line's price: a deal or a near-expiry markdown, and its percent. */
export const priceSaving = z.object({ kind: z.enum(PRICE_SAVINGS), percent: z.number().int() });
export type PriceSaving = z.infer<typeof priceSaving>;

/** An order line's saving as recorded at purchase: the deal or markdown, its label and the unit price before it. */
export const lineSaving = priceSaving.extend({ label: z.string(), listPrice: z.number() }).nullable();
export type LineSaving = z.infer<typeof lineSaving>;

/** "Near-expiry markdown −30%" or "Deal −20%", as the cart, the invoice and its PDF say it. */
export function savingLabel(saving: PriceSaving): string {
  return `${saving.kind === 'markdown' ? 'Near-expiry markdown' : 'Deal'} −${saving.percent}%`;
}

/** A line's saving as the API shows it: with its label and the unit price before it (dollars). */
export function describeSaving(saving: PriceSaving | null, listPriceCents: number): LineSaving {
  return saving && { ...saving, label: savingLabel(saving), listPrice: listPriceCents / 100 };
}

/** A price in cents with `percent` off, rounded half-up to the cent. */
export function percentOffCents(cents: number, percent: number): number {
  return Math.floor((cents * (100 - percent) + 50) / 100);
}

/**
 * The one pricing rule of a product: its price with the better of its running deal and its markdown of today (the
 * larger percent; a tie keeps the deal), never both. `dealPercent`, `markdownPercent`: null when none applies.
 */
export function bestPrice(
  priceCents: number,
  dealPercent: number | null,
  markdownPercent: number | null,
): { priceCents: number; saving: PriceSaving | null } {
  const saving: PriceSaving | null =
    markdownPercent !== null && markdownPercent > (dealPercent ?? 0)
      ? { kind: 'markdown', percent: markdownPercent }
      : dealPercent !== null
        ? { kind: 'deal', percent: dealPercent }
        : null;
  return { priceCents: saving ? percentOffCents(priceCents, saving.percent) : priceCents, saving };
}

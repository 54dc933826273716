import { z } from 'zod';
import { pageQuery, paginated } from './pagination.ts';
import { PAYOUT_ACCOUNT_STATUSES } from './payouts.ts';

/** The most months the earnings table goes back. */
export const MAX_EARNINGS_MONTHS = 36;

/** GET /admin/earnings: how many months, this one included (12 unless asked). */
export const earningsQuery = z.object({
  months: z.coerce
    .number({ error: 'Months must be a whole number' })
    .int('Months must be a whole number')
    .min(1, 'Ask for at least 1 month')
    .max(MAX_EARNINGS_MONTHS, `Ask for at most ${MAX_EARNINGS_MONTHS} months`)
    .default(12),
});

/**
 * What the marketplace earned in a time, in dollars: the commission and fees on the shops' parts delivered in it
 * (`earned`, from `parts` parts), the commission given back by refunds made after delivery in it (`givenBack`), and
 * what it keeps (`net`). A month's earnings and the range's total alike.
 */
const earningSums = z.object({
  parts: z.number().int(),
  earned: z.number(),
  givenBack: z.number(),
  net: z.number(),
});

/** What the marketplace earned in one month (of the business's time zone). */
export const monthEarnings = z.object({
  /** YYYY-MM */
  month: z.string(),
  ...earningSums.shape,
});
export type MonthEarnings = z.infer<typeof monthEarnings>;

/** Every month of the range, oldest first, and their sums. */
export const earnings = z.object({
  months: z.array(monthEarnings),
  total: earningSums,
});
export type Earnings = z.infer<typeof earnings>;

/** GET /admin/payouts: a page of shops by name, those whose name contains `q` when given. */
export const shopPayoutsQuery = pageQuery.extend({
  q: z.string().trim().max(100, { error: 'At most 100 characters', abort: true }).default(''),
});

/**
 * One shop's payouts, in dollars: `owed` is recorded for its delivered parts and not sent yet (waiting for its
 * account or a released hold, or being sent), `paid` is sent to its account, less what refunds took back.
 */
export const shopPayout = z.object({
  shopId: z.string(),
  shop: z.string(),
  email: z.string(),
  owed: z.number(),
  paid: z.number(),
  account: z.enum(PAYOUT_ACCOUNT_STATUSES),
  held: z.boolean(),
});
export type ShopPayout = z.infer<typeof shopPayout>;

export const shopPayouts = paginated(shopPayout);

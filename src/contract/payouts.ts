import { z } from 'zod';

/** The highest commission rate the admin may set, in percent. */
export const MAX_COMMISSION_PERCENT = 50;
/** The highest fixed fee per shop part of an order, in dollars. */
export const MAX_ORDER_FEE_DOLLARS = 100;

/** A number with at most two decimals (a percent to the basis point, an amount to the cent). */
const hundredths = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

/** A number typed in a form field or sent as JSON (an empty field is missing, not 0), then checked by `rules`. */
const numberField = (error: string, rules: (n: z.ZodCoercedNumber) => z.ZodType<number>) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), rules(z.coerce.number({ error })));

const percentField = (label: string) =>
  numberField(`Enter the ${label} commission in percent`, (n) =>
    n
      .min(0, 'A commission cannot be negative')
      .max(MAX_COMMISSION_PERCENT, `A commission is at most ${MAX_COMMISSION_PERCENT}%`)
      .refine(hundredths, 'Use at most two decimals'),
  );

/** PUT /admin/commission: the rates per membership in percent, and the fixed fee per shop part in dollars. */
export const commissionInput = z.object({
  normalPercent: percentField('normal membership'),
  premiumPercent: percentField('premium membership'),
  orderFee: numberField('Enter the fee per order in dollars (0 for none)', (n) =>
    n
      .min(0, 'The fee cannot be negative')
      .max(MAX_ORDER_FEE_DOLLARS, `The fee is at most $${MAX_ORDER_FEE_DOLLARS}`)
      .refine(hundredths, 'Use whole cents'),
  ),
});
export type CommissionInput = z.output<typeof commissionInput>;
export type CommissionFormValues = z.input<typeof commissionInput>;

/** The commission that applies to orders placed from `since` on. */
export const commissionRates = z.object({
  _id: z.string(),
  normalPercent: z.number(),
  premiumPercent: z.number(),
  orderFee: z.number(),
  /** When the admin set these (or when the marketplace started charging commission). */
  since: z.string(),
});
export type CommissionRates = z.infer<typeof commissionRates>;

/** GET /admin/commission: the rates now and the earlier ones, newest first. */
export const commissionSettings = z.object({
  current: commissionRates,
  history: z.array(commissionRates),
});
export type CommissionSettings = z.infer<typeof commissionSettings>;

import { z } from 'zod';
import { abortWith, REQUIRED, requiredText } from './validation.ts';

/** The highest commission rate the admin may set, in percent. */
export const MAX_COMMISSION_PERCENT = 50;
/** The highest fixed fee per shop part of an order, in dollars. */
export const MAX_ORDER_FEE_DOLLARS = 100;

/** A number with at most two decimals (a percent to the basis point, an amount to the cent). */
export const hundredths = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

/** A number typed in a form field or sent as JSON (an empty field is missing, not 0), then checked by `rules`. */
export const numberField = (error: string, rules: (n: z.ZodCoercedNumber) => z.ZodType<number>) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), rules(z.coerce.number({ error })));

export const percentField = (label: string) =>
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

export const PAYOUT_ACCOUNT_STATUSES = ['none', 'pending', 'verified'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** GET /payouts/account: the shop's payout account and whether its money waits. */
export const payoutAccount = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  /** none: not connected yet; pending: onboarding not finished; verified: the shop is paid out. */
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  /** The admin holds this shop's payouts (a dispute): its transfers wait until released. */
  held: z.boolean(),
  /** Where to finish onboarding (Stripe's page; the sandbox's form is on the Payouts page), while pending. */
  onboardingUrl: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;

/** Stripe's test bank account in the US: the sandbox verifies these details and refuses any other. */
export const SANDBOX_TEST_BANK = { routingNumber: '110000000', accountNumber: '000123456789' } as const;

/** A US routing number: 9 digits whose ABA checksum (3, 7, 1 weights) is a multiple of 10. */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...digits].reduce((sum, d, i) => sum + Number(d) * weights[i], 0) % 10 === 0;
}

/** POST /payouts/sandbox/onboarding: the sandbox's onboarding form, with test bank details. */
export const sandboxOnboardingInput = z.object({
  accountHolder: requiredText(100),
  routingNumber: z
    .string({ error: REQUIRED })
    .trim()
    .max(20, abortWith('A routing number has 9 digits'))
    .regex(/^\d{9}$/, 'A routing number has 9 digits')
    .refine(abaValid, 'This routing number does not exist (its check digit is wrong)'),
  accountNumber: z
    .string({ error: REQUIRED })
    .trim()
    .max(30, abortWith('An account number has 4 to 17 digits'))
    .regex(/^\d{4,17}$/, 'An account number has 4 to 17 digits'),
});
export type SandboxOnboardingInput = z.infer<typeof sandboxOnboardingInput>;

/** PUT /admin/payouts/:shopId/hold: hold a disputed shop's payouts, or release them. */
export const payoutHoldParams = z.object({ shopId: z.uuid('Shop id must be a UUID') });
export const payoutHoldInput = z.object({ held: z.boolean({ error: 'Say whether the shop is held (true or false)' }) });
export const payoutHold = z.object({ shopId: z.string(), held: z.boolean() });

/** POST /orders/:id/shops/:shopId/refunds: money given back for a shop's delivered part (a complaint), in dollars. */
export const partRefundInput = z.object({
  amount: z
    .number({ error: 'Enter the amount to refund in dollars' })
    .positive('A refund must be more than $0')
    .max(1_000_000, 'That is more than any order')
    .refine(hundredths, 'Use whole cents'),
});
export const partRefund = z.object({ refundId: z.string(), amount: z.number(), reversed: z.number() });

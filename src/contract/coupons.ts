import { z } from 'zod';
import { formatMoney } from './money.ts';
import { pageQuery, paginated } from './pagination.ts';
import { abortWith, uuidField } from './validation.ts';

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** A card payment must be at least this much, so no coupon brings a total below it (Stripe's minimum). */
export const MIN_CHARGE_CENTS = 50;

export const couponCodeField = z
  .string({ error: 'Enter a coupon code' })
  .trim()
  .min(1, 'Enter a coupon code')
  .max(32, abortWith('A coupon code has at most 32 characters'))
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]+$/, 'Use letters, digits, - and _ only'));

const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null || Number.isNaN(v) ? undefined : v), schema.optional());

const optionalDay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: 'Enter a date' })
    .max(10, abortWith('Enter a date'))
    .check(z.iso.date({ error: 'Enter a date' }))
    .optional(),
);

export const COUPON_DATE_MESSAGES = {
  startPast: 'The first day cannot be in the past',
  endPast: 'The last valid day cannot be in the past',
  endBeforeStart: 'The last valid day cannot be before the first day',
} as const;

/**
 * What is wrong with a coupon's days on `today` (YYYY-MM-DD; the server's business day, the browser's own day in
 * the form): neither in the past (today is fine), the last day not before the first. Field name to message.
 */
export function couponDateProblems(
  input: { startsOn?: string; expiresOn?: string },
  today: string,
): Partial<Record<'startsOn' | 'expiresOn', string>> {
  const problems: Partial<Record<'startsOn' | 'expiresOn', string>> = {};
  if (input.startsOn && input.startsOn < today) problems.startsOn = COUPON_DATE_MESSAGES.startPast;
  if (input.expiresOn && input.expiresOn < today) problems.expiresOn = COUPON_DATE_MESSAGES.endPast;
  else if (input.expiresOn && input.startsOn && input.expiresOn < input.startsOn)
    problems.expiresOn = COUPON_DATE_MESSAGES.endBeforeStart;
  return problems;
}

/** POST /coupons (admin). `value` is a percent (1-100) or an amount in dollars. Dates are YYYY-MM-DD. */
export const couponInput = z
  .object({
    code: couponCodeField,
    kind: z.enum(COUPON_KINDS, { error: 'Choose percent or fixed amount' }),
    value: z.coerce
      .number({ error: 'Enter a value' })
      .positive('The value must be more than 0')
      .max(100_000, 'The value is too large'),
    /** Minimum order subtotal in dollars. */
    minOrder: optionalNumber(z.coerce.number().min(0, 'The minimum order cannot be negative').max(1_000_000)),
    /** First day the code works, YYYY-MM-DD (none: from today). */
    startsOn: optionalDay,
    /** Last day the code works (inclusive), YYYY-MM-DD. */
    expiresOn: optionalDay,
    usageLimit: optionalNumber(
      z.coerce.number().int('Use a whole number').min(1, 'At least 1 use').max(1_000_000, 'The limit is too large'),
    ),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && (input.value > 100 || !Number.isInteger(input.value))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent is a whole number from 1 to 100' });
    }
    if (input.kind === 'fixed' && input.value > 0 && Math.round(input.value * 100) < 1) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A fixed amount is at least $0.01' });
    }
  });
export type CouponInput = z.input<typeof couponInput>;
export type CouponValues = z.output<typeof couponInput>;

export const coupon = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Percent, or dollars for fixed coupons. */
  value: z.number(),
  minOrder: z.number().nullable(),
  /** First day it works, or null when it worked from its creation. */
  startsOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  /** scheduled (starts on a later day), active, expired or used up. */
  state: z.enum(['scheduled', 'active', 'expired', 'used_up']),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;

export const couponPageQuery = pageQuery;
export const couponPage = paginated(coupon);

export const couponParams = z.object({ id: uuidField('Not a coupon id') });

export const validateCouponInput = z.object({ code: couponCodeField });

/** The discount a code gives on the caller's current cart (dollars). */
export const couponQuote = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  description: z.string(),
});
export type CouponQuote = z.infer<typeof couponQuote>;

/** The shopper's message when the cart is below a coupon's minimum order. */
export function couponMinOrderMessage(minOrderCents: number): string {
  return `This coupon needs an order of at least ${formatMoney(minOrderCents)}.`;
}

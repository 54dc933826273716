import { z } from 'zod';
import { formatDollars } from './money.ts';
import { hundredths, numberField, percentField } from './payouts.ts';
import { abortWith } from './validation.ts';

/**
 * The memberships the marketplace offers (decision 051). The spec's two are seeded by the migration and keep their
 * keys: 'normal' (5 products, free), which every shop starts on and falls back to when a monthly plan lapses, and
 * 'premium' ($1,000 once, unlimited products, gold badge). The admin edits them and may add others.
 */
export const DEFAULT_PLAN_KEY = 'normal';
export const PREMIUM_PLAN_KEY = 'premium';

export const PLAN_BILLINGS = ['free', 'one-off', 'monthly'] as const;
export type PlanBilling = (typeof PLAN_BILLINGS)[number];
export const PLAN_BILLING_LABELS: Record<PlanBilling, string> = {
  free: 'Free',
  'one-off': 'One-off',
  monthly: 'Monthly',
};

/** The highest price of a plan, in dollars. */
export const MAX_PLAN_PRICE_DOLLARS = 100_000;
/** The most products a limited plan may allow. */
export const MAX_PLAN_PRODUCT_LIMIT = 100_000;

/** A plan's key: lower-case letters, digits and dashes, as it appears in the URL and on the wire (`membership`). */
export const planKey = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,29}$/, 'A plan’s key is 2 to 30 lower-case letters, digits or dashes');

/** A plan as the API shows it: money in dollars, commission in percent, productLimit null for unlimited. */
export const membershipPlan = z.object({
  key: z.string(),
  name: z.string(),
  productLimit: z.number().int().nullable(),
  price: z.number(),
  billing: z.enum(PLAN_BILLINGS),
  commissionPercent: z.number(),
  goldBadge: z.boolean(),
  position: z.number().int(),
  active: z.boolean(),
});
export type MembershipPlan = z.infer<typeof membershipPlan>;

/** GET /membership-plans (the offered plans) and GET /admin/membership-plans (every plan). */
export const membershipPlanList = z.object({ plans: z.array(membershipPlan) });
export type MembershipPlanList = z.infer<typeof membershipPlanList>;

/** PUT /admin/membership-plans/:key: the plan as it should be from now on (a new key adds a plan). */
export const membershipPlanInput = z
  .object({
    name: z
      .string({ error: 'Enter the plan’s name' })
      .trim()
      .min(1, 'Enter the plan’s name')
      .max(60, abortWith('A plan’s name is at most 60 characters')),
    unlimited: z.boolean({ error: 'Say whether the plan is unlimited' }),
    productLimit: numberField('Enter how many products the plan allows', (n) =>
      n
        .int('The product limit is a whole number')
        .min(1, 'The product limit is at least 1, or choose unlimited')
        .max(MAX_PLAN_PRODUCT_LIMIT, `The product limit is at most ${MAX_PLAN_PRODUCT_LIMIT}`),
    ).optional(),
    price: numberField('Enter the price in dollars (0 for a free plan)', (n) =>
      n
        .min(0, 'The price cannot be negative')
        .max(MAX_PLAN_PRICE_DOLLARS, `The price is at most ${formatDollars(MAX_PLAN_PRICE_DOLLARS)}`)
        .refine(hundredths, 'Use whole cents'),
    ),
    billing: z.enum(PLAN_BILLINGS, { error: 'Choose free, one-off or monthly' }),
    commissionPercent: percentField('plan’s'),
    goldBadge: z.boolean({ error: 'Say whether the plan gives the gold badge' }),
    position: z.coerce.number({ error: 'Enter the plan’s place in the list' }).int().min(0).max(1000).default(0),
    active: z.boolean({ error: 'Say whether the plan is offered' }).default(true),
  })
  .superRefine((input, ctx) => {
    if (!input.unlimited && input.productLimit === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['productLimit'],
        message: 'Enter how many products the plan allows, or choose unlimited',
      });
    }
    // Compared in whole cents, as it is stored: a price of a billionth of a cent is $0.
    const cents = Math.round(input.price * 100);
    if (input.billing === 'free' && cents !== 0) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'A free plan costs $0' });
    }
    if (input.billing !== 'free' && cents === 0) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'A paid plan costs more than $0; or make it free' });
    }
  });
export type MembershipPlanInput = z.output<typeof membershipPlanInput>;
export type MembershipPlanFormValues = z.input<typeof membershipPlanInput>;

/** How a plan reads to a vendor: "5 products" or "Unlimited products". */
export const planLimitText = (plan: Pick<MembershipPlan, 'productLimit'>) =>
  plan.productLimit === null
    ? 'Unlimited products'
    : `${plan.productLimit} product${plan.productLimit === 1 ? '' : 's'}`;

/** How a plan's price reads: "Free", "$1,000 once", "$20 a month". */
export const planPriceText = (plan: Pick<MembershipPlan, 'price' | 'billing'>) =>
  plan.billing === 'free' ? 'Free' : `${formatDollars(plan.price)}${plan.billing === 'monthly' ? ' a month' : ' once'}`;

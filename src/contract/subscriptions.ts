import { z } from 'zod';
import { CATEGORY_VALUES } from './categories.ts';
import { abortWith, requiredText, uuidField } from './validation.ts';

/** A plan holds a fixed list of the shop's product options, or a box of a value the farm fills each week. */
export const PLAN_KINDS = ['fixed', 'box'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const PLAN_FREQUENCIES = ['weekly', 'fortnightly', 'monthly'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

/** Paid at each delivery, for the whole season up front, or for the season in a number of installments. */
export const PLAN_PRICINGS = ['per_delivery', 'season', 'installments'] as const;
export type PlanPricing = (typeof PLAN_PRICINGS)[number];

/**
 * upcoming: its season starts on a later day; open: taking its deliveries now; season_over: its last day has passed;
 * ended: the farm ended it. Shoppers see upcoming and open plans only.
 */
export const PLAN_STATES = ['upcoming', 'open', 'season_over', 'ended'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export const MAX_PLAN_ITEMS = 30;
export const MAX_INSTALLMENTS = 12;

export const PLAN_MESSAGES = {
  noItems: 'Add at least one product to the list',
  itemTwice: 'This product is in the list already',
  noBoxValue: 'Enter what one box is worth',
  noBoxContents: 'Say what usually goes in the box',
  noWindows: 'Choose at least one pickup or delivery time',
  endBeforeStart: 'The season cannot end before it starts',
  endPast: 'The last day of the season cannot be in the past',
  seasonNeedsEnd: 'A season paid in advance needs its last day',
  noSeasonPrice: "Enter the season's price",
  noInstallments: 'Enter how many payments',
  notYourOption: 'Not a product of your shop on sale now',
  weighedOption: 'A product sold by weight cannot be in a fixed list yet',
  notYourWindow: 'Not a pickup or delivery time of your shop',
  ended: 'This plan has ended: it can no longer be changed',
} as const;

/**
 * A number field a form may leave empty: '', null or NaN (an empty number input) are absent; a number typed as text
 * is read as a number (text that is no number gets the field's message).
 */
const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v);
    return v === null || Number.isNaN(v) ? undefined : v;
  }, schema.optional());

const optionalDay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: 'Enter a date' })
    .max(10, abortWith('Enter a date'))
    .check(z.iso.date({ error: 'Enter a date' }))
    .optional(),
);

const amount = (required: string) =>
  z
    .number({ error: required })
    .gt(0, 'Must be more than $0')
    .max(100_000, 'At most $100,000')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals');

const planItemInput = z.object({
  optionId: uuidField('Choose a product'),
  quantity: z.number({ error: 'Enter how many' }).int('Use a whole number').min(1, 'At least 1').max(99, 'At most 99'),
});

/** POST/PUT a plan (the shop's vendor). Money in dollars, days YYYY-MM-DD. Fields of the other kind or billing are ignored. (`billing`,
 * not `pricing`: that name is a product's private field, decision 050.) */
export const planInput = z
  .object({
    name: requiredText(80),
    description: z.string().trim().max(2000, abortWith('At most 2000 characters')).default(''),
    kind: z.enum(PLAN_KINDS, { error: 'Choose a fixed list or a box' }),
    items: z
      .array(planItemInput, { error: PLAN_MESSAGES.noItems })
      .max(MAX_PLAN_ITEMS, abortWith(`At most ${MAX_PLAN_ITEMS} products`))
      .default([]),
    boxValue: optionalNumber(amount(PLAN_MESSAGES.noBoxValue)),
    boxContents: z.string().trim().max(1000, abortWith('At most 1000 characters')).default(''),
    frequency: z.enum(PLAN_FREQUENCIES, { error: 'Choose how often it is delivered' }),
    startsOn: optionalDay,
    endsOn: optionalDay,
    billing: z.enum(PLAN_PRICINGS, { error: 'Choose how subscribers pay' }),
    seasonPrice: optionalNumber(amount(PLAN_MESSAGES.noSeasonPrice)),
    installments: optionalNumber(
      z
        .number({ error: PLAN_MESSAGES.noInstallments })
        .int('Use a whole number')
        .min(2, 'At least 2 payments')
        .max(MAX_INSTALLMENTS, `At most ${MAX_INSTALLMENTS} payments`),
    ),
    discountPercent: optionalNumber(
      z.number({ error: 'Enter a percent' }).int('Use a whole number').min(1, 'At least 1%').max(90, 'At most 90%'),
    ),
    cap: optionalNumber(
      z
        .number({ error: 'Enter a number of subscribers' })
        .int('Use a whole number')
        .min(1, 'At least 1 subscriber')
        .max(10_000, 'At most 10,000 subscribers'),
    ),
    /** A box's product category: its line takes that category's tax rate (a fixed list's lines take their own). */
    boxCategory: z.enum(CATEGORY_VALUES, { error: 'Choose what kind of food the box holds' }).default('vegetable'),
    /** Days of notice on cancelling: deliveries within them still come and are charged (0: none). */
    noticeDays: optionalNumber(
      z
        .number({ error: 'Enter a number of days' })
        .int('Use a whole number')
        .min(0, 'At least 0')
        .max(60, 'At most 60 days'),
    ),
    windowIds: z
      .array(uuidField(PLAN_MESSAGES.notYourWindow), { error: PLAN_MESSAGES.noWindows })
      .min(1, PLAN_MESSAGES.noWindows)
      .max(28, abortWith('At most 28 times')),
  })
  .superRefine((plan, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (plan.kind === 'fixed') {
      if (plan.items.length === 0) problem(['items'], PLAN_MESSAGES.noItems);
      const seen = new Set<string>();
      plan.items.forEach((item, i) => {
        if (seen.has(item.optionId)) problem(['items', i, 'optionId'], PLAN_MESSAGES.itemTwice);
        seen.add(item.optionId);
      });
    } else {
      if (plan.boxValue === undefined) problem(['boxValue'], PLAN_MESSAGES.noBoxValue);
      if (plan.boxContents === '') problem(['boxContents'], PLAN_MESSAGES.noBoxContents);
    }
    if (plan.startsOn && plan.endsOn && plan.endsOn < plan.startsOn) problem(['endsOn'], PLAN_MESSAGES.endBeforeStart);
    if (plan.billing !== 'per_delivery') {
      if (!plan.endsOn) problem(['endsOn'], PLAN_MESSAGES.seasonNeedsEnd);
      if (plan.seasonPrice === undefined) problem(['seasonPrice'], PLAN_MESSAGES.noSeasonPrice);
    }
    if (plan.billing === 'installments' && plan.installments === undefined)
      problem(['installments'], PLAN_MESSAGES.noInstallments);
  });
export type PlanInput = z.input<typeof planInput>;
export type PlanValues = z.output<typeof planInput>;

export const planParams = z.object({
  shopId: uuidField('Not a shop id'),
  planId: uuidField('Not a plan id'),
});
export const shopPlansParams = z.object({ shopId: uuidField('Not a shop id') });
export const publicPlanParams = z.object({ id: uuidField('Not a plan id') });

/** A pickup or delivery window that serves a plan: "Saturday 9:00–12:00 at Riverside Market". */
export const planWindow = z.object({
  id: z.string(),
  kind: z.enum(['pickup', 'delivery']),
  label: z.string(),
});
export type PlanWindow = z.infer<typeof planWindow>;

/** One product option of a fixed plan, priced as the catalog lists it now (dollars, before the plan's discount). */
export const planItem = z.object({
  optionId: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** The option's name ("Dozen"), or null when the product has one option. */
  optionLabel: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  /** On sale now (listed, with its shop): a plan's page says when one is not. */
  onSale: z.boolean(),
});
export type PlanItem = z.infer<typeof planItem>;

/** A plan as its shop and shoppers read it; money in dollars. */
export const subscriptionPlan = z.object({
  id: z.string(),
  shopId: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(PLAN_KINDS),
  items: z.array(planItem),
  boxValue: z.number().nullable(),
  /** What usually goes in a box, one thing a line ('' for a fixed plan). */
  boxContents: z.string(),
  frequency: z.enum(PLAN_FREQUENCIES),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  billing: z.enum(PLAN_PRICINGS),
  seasonPrice: z.number().nullable(),
  installments: z.number().int().nullable(),
  discountPercent: z.number().int().nullable(),
  cap: z.number().int().nullable(),
  /** A box's category, whose tax rate its line takes (null for a fixed list). */
  boxCategory: z.enum(CATEGORY_VALUES).nullable(),
  /** Days of notice on cancelling: deliveries within them of the cancel still come and are charged. */
  noticeDays: z.number().int(),
  windows: z.array(planWindow),
  /** One delivery's worth: the list's options at their prices × quantities, or the box's value. */
  deliveryValue: z.number(),
  /** One delivery's price to a subscriber: the value less the subscriber discount. */
  deliveryPrice: z.number(),
  state: z.enum(PLAN_STATES),
  endedAt: z.string().nullable(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;

export const subscriptionPlanList = z.array(subscriptionPlan);

/** A plan's public page: the plan and its shop (name, and its phone when it gives one, to ask about joining). */
export const publicPlan = subscriptionPlan.omit({ endedAt: true }).extend({
  shop: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }),
});
export type PublicPlan = z.infer<typeof publicPlan>;

/** A shop's plans on its page: those open or upcoming, oldest first. */
export const publicPlanList = z.array(subscriptionPlan.omit({ endedAt: true }));

/** What the vendor's plan form offers: its options on sale now (not sold by weight) and its live windows. */
export const planChoices = z.object({
  options: z.array(
    z.object({
      optionId: z.string(),
      productName: z.string(),
      optionLabel: z.string().nullable(),
      unitPrice: z.number(),
    }),
  ),
  windows: z.array(planWindow),
});
export type PlanChoices = z.infer<typeof planChoices>;

import { z } from 'zod';
import { sandboxCardFields } from './payments.ts';
import { postcodeField } from './slots.ts';
import { abortWith, uuidField } from './validation.ts';

/**
 * A shopper's subscription to a plan (issue 37, slice 2). active: deliveries come (a vacation range in
 * `paused_from`–`paused_until` skips some while it stays active); paused: the shopper stopped them until resumed;
 * payment_failed: paused by charges that kept failing; cancelled: ended (deliveries already ordered still come).
 */
export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'payment_failed', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The saved card: pending until its SetupIntent is confirmed, ready, or waiting for the shopper's authentication. */
export const CARD_STATES = ['pending', 'ready', 'requires_action'] as const;
export type CardState = (typeof CARD_STATES)[number];

/**
 * One subscription's delivery on one date. skipped: by the shopper; holiday: the window's slot was cancelled that day
 * (moved to `moved_to`, or not delivered); ordered: its order is made, not charged yet; charged; charge_failed:
 * retrying; abandoned: the charges gave up and the subscription is paused; cancelled: the subscription ended before it.
 */
export const DELIVERY_STATUSES = [
  'skipped',
  'holiday',
  'ordered',
  'charged',
  'charge_failed',
  'abandoned',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const planDay = (error: string) => z.string({ error }).max(10, abortWith(error)).check(z.iso.date({ error }));
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, abortWith(tooLong))
    .optional()
    .transform((v) => (v ? v : undefined));

export const SUBSCRIBE_MESSAGES = {
  noWindow: 'Choose a pickup or delivery time',
  notPlanWindow: 'This time does not serve the plan: choose one of its times',
  noAddress: 'Enter the address to deliver to',
  noPostcode: 'Enter the postcode to deliver to',
  noStart: 'Choose the day to start from',
  startPast: 'Choose today or a later day',
  noDelivery: 'No delivery is left in the season from this day: choose an earlier day',
  planClosed: 'This plan takes no new subscribers: the farm ended it or its season is over',
  full: 'This plan is full: every place is taken',
  already: 'You are already subscribed to this plan: see your subscriptions',
  cardNotSaved: 'Your card is not saved yet: enter it again',
  notYourCard: 'This card setup is not yours',
  /** Joining a season: its first payment is taken at once; refused, nothing is kept. */
  seasonNotCharged: 'Your card was not charged for the season, so you are not subscribed',
} as const;

/** Where and from when: the plan's window (with the address for a delivery window) and the first day. */
export const subscriptionChoice = z.object({
  windowId: uuidField(SUBSCRIBE_MESSAGES.noWindow),
  address: optionalText(300, 'Address is too long (300 characters at most)'),
  postcode: z.union([z.literal(''), postcodeField]).optional(),
  startsOn: planDay(SUBSCRIBE_MESSAGES.noStart),
});

/** GET /subscription-plans/:id/quote: what subscribing from a day on a window would bring and cost. */
export const quoteQuery = subscriptionChoice.omit({ address: true });

/** POST /subscriptions: the plan, the choice, and the SetupIntent the browser confirmed with the card. */
export const subscribeInput = subscriptionChoice.extend({
  planId: uuidField('Not a plan id'),
  setupIntentId: z.string({ error: SUBSCRIBE_MESSAGES.cardNotSaved }).min(1).max(100),
});
export type SubscribeInput = z.input<typeof subscribeInput>;

/** What subscribing brings: the first delivery, how many are left in the season, and the price (prorated late). */
export const subscriptionQuote = z.object({
  firstDelivery: z.string(),
  /** `Thu 3 Dec, 16:00–19:00` */
  firstSlot: z.string(),
  /** Deliveries left in the season from the first on (null: open-ended). */
  deliveriesLeft: z.number().nullable(),
  /** Deliveries in the whole season (null: open-ended). */
  seasonDeliveries: z.number().nullable(),
  /** What one delivery costs (per-delivery plans), dollars. */
  perDelivery: z.number().nullable(),
  /** The shop's fee added to each delivery to an address (0: free at this price), dollars; null for pickup. */
  deliveryFee: z.number().nullable(),
  /** What the season costs from the first delivery (season and installment plans), prorated when joined late. */
  seasonPrice: z.number().nullable(),
  /** The season's price in its installments, dollars (installment plans). */
  installments: z.array(z.number()).nullable(),
  /**
   * When each of the season's payments is taken (season and installment plans): the first on subscribing, each later
   * one at the ordering cutoff of the first delivery it pays for.
   */
  schedule: z
    .array(
      z.object({
        amount: z.number(),
        /** The first and last day of the deliveries it pays for, and how many. */
        coversFrom: z.string(),
        coversUntil: z.string(),
        deliveries: z.number().int(),
      }),
    )
    .nullable(),
});
export type SubscriptionQuote = z.infer<typeof subscriptionQuote>;

/** A card saved for the subscription's charges, as the shopper sees it. */
export const savedCard = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
});

/** coming; skipped by the shopper; in the vacation; the shop's holiday; ordered, charged or failing to charge; cancelled (nothing in stock). */
export const DELIVERY_STATES = [
  'coming',
  'skipped',
  'vacation',
  'holiday',
  'ordered',
  'charged',
  'failed',
  'cancelled',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One of the next deliveries as the shopper sees it, and whether it can still be skipped (before the cutoff). */
export const comingDelivery = z.object({
  date: z.string(),
  slot: z.string(),
  state: z.enum(DELIVERY_STATES),
  /** Until when it can be skipped (or unskipped, or its made order changed): the cutoff; null once past or skipped after its order was made. */
  changeableUntil: z.string().nullable(),
  /** Its order once made: the number, and the payment its page (where its part can be cancelled) is found by. */
  order: z.object({ number: z.string(), paymentId: z.string() }).nullable(),
});
export type ComingDelivery = z.infer<typeof comingDelivery>;

/** due: taken at the cutoff of the first delivery it pays for; failed: refused, tried again; cancelled: the subscription ended before it was due. */
export const SEASON_PAYMENT_STATES = ['due', 'paid', 'failed', 'cancelled'] as const;

/** One payment of a season paid up front (one) or in installments, as the shopper sees it. */
export const seasonPayment = z.object({
  number: z.number().int(),
  amount: z.number(),
  coversFrom: z.string(),
  coversUntil: z.string(),
  deliveries: z.number().int(),
  state: z.enum(SEASON_PAYMENT_STATES),
  paidAt: z.string().nullable(),
  /** Given back of it: the share of each delivery it paid for that was not made (skipped, a holiday, after a cancel). */
  refunded: z.number(),
});
export type SeasonPayment = z.infer<typeof seasonPayment>;

export const mySubscription = z.object({
  id: z.string(),
  /** The plan, with its notice on cancelling in days (deliveries within them of a cancel still come). */
  plan: z.object({
    id: z.string(),
    name: z.string(),
    shopId: z.string(),
    shopName: z.string(),
    noticeDays: z.number().int(),
  }),
  status: z.enum(SUBSCRIPTION_STATUSES),
  window: z.object({ id: z.string(), label: z.string(), kind: z.enum(['pickup', 'delivery']) }),
  deliveryAddress: z.string().nullable(),
  deliveryPostcode: z.string().nullable(),
  startsOn: z.string(),
  vacation: z.object({ from: z.string(), until: z.string() }).nullable(),
  endsAfter: z.string().nullable(),
  card: savedCard.nullable(),
  cardState: z.enum(CARD_STATES),
  /** The next delivery that comes (not skipped, on vacation or cancelled by the shop); null when none. */
  nextDelivery: z.string().nullable(),
  coming: z.array(comingDelivery),
  /** A season's payments (season and installment plans); null when each delivery is charged on its own. */
  season: z.array(seasonPayment).nullable(),
  /** The plan's other times the shopper may change to. */
  windows: z.array(z.object({ id: z.string(), label: z.string(), kind: z.enum(['pickup', 'delivery']) })),
});
export type MySubscription = z.infer<typeof mySubscription>;
export const mySubscriptionList = z.array(mySubscription);

export const subscriptionParams = z.object({ id: uuidField('Not a subscription id') });
export const skipParams = subscriptionParams.extend({ date: planDay('Not a date') });

export const vacationInput = z
  .object({ from: planDay('Choose the first day away'), until: planDay('Choose the last day away') })
  .refine((v) => v.until >= v.from, { path: ['until'], message: 'The last day comes after the first' });

export const windowChangeInput = subscriptionChoice.omit({ startsOn: true });
export const cardChangeInput = z.object({ setupIntentId: z.string().min(1).max(100) });

/** A SetupIntent for the browser to confirm with the card (Stripe.js, or the sandbox's form). */
export const cardSetup = z.object({ setupIntentId: z.string(), clientSecret: z.string() });

/** POST /payments/sandbox/confirm-setup and /authenticate-setup: Stripe.js and the bank's page, for the sandbox. */
export const sandboxSetupInput = z.intersection(
  z.object({ setupIntentId: z.string().min(1).max(100), clientSecret: z.string().min(1).max(200) }),
  sandboxCardFields,
);
export const sandboxAuthenticateInput = z.object({
  setupIntentId: z.string().min(1).max(100),
  clientSecret: z.string().min(1).max(200),
  approve: z.boolean(),
});
export const sandboxSetupResult = z.object({ status: z.string() });

import { z } from 'zod';
import { paginated } from './pagination.ts';
import type { Role } from './roles.ts';

/** What a shopper, a vendor or an admin is told about, in the app and by e-mail. */
export const NOTIFICATION_KINDS = [
  'order_placed',
  'order_charged',
  'order_received',
  'step_changed',
  'part_cancelled',
  'slot_cancelled',
  'review_reported',
  'back_in_stock',
  'marked_down',
  'low_stock',
  'shopper_cancelled',
  'problem_reported',
  'shop_reviewed',
  'password_reset',
  'email_verification',
  'email_change',
  'subscription_delivery',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The receipt, the final charge of weighed goods, a cancelled part's refund, a shopper's problem report, the review
 * of a new shop, a link to set a new password and the e-mail address's links and notices are always e-mailed; every
 * other kind can be turned off.
 */
export const ALWAYS_EMAILED = [
  'order_placed',
  'order_charged',
  'part_cancelled',
  'problem_reported',
  'shop_reviewed',
  'password_reset',
  'email_verification',
  'email_change',
  'subscription_delivery',
] as const satisfies readonly NotificationKind[];
/** Kinds told only by e-mail, never in the bell. */
export const EMAIL_ONLY = [
  'password_reset',
  'email_verification',
  'email_change',
] as const satisfies readonly NotificationKind[];
export const OPTIONAL_EMAIL_KINDS = NOTIFICATION_KINDS.filter(
  (kind): kind is Exclude<NotificationKind, (typeof ALWAYS_EMAILED)[number]> =>
    !(ALWAYS_EMAILED as readonly string[]).includes(kind),
);
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];

/** How each kind of e-mail is named on the profile page. */
export const EMAIL_KIND_LABELS: Record<NotificationKind, string> = {
  order_placed: 'Receipts for my orders',
  order_charged: 'The final charge for goods sold by weight',
  order_received: 'New orders for my shop',
  step_changed: 'My orders’ progress (ready, out for delivery, delivered)',
  part_cancelled: 'Cancellations and refunds',
  slot_cancelled: 'A pickup or delivery time I booked is cancelled',
  review_reported: 'Reviews reported for moderation',
  back_in_stock: 'A favourite product is back in stock',
  marked_down: 'A favourite product is marked down before its use-by date',
  low_stock: 'A product of my shop is running low',
  shopper_cancelled: 'A shopper cancelled an order from my shop',
  problem_reported: 'A shopper reported a problem with an order',
  shop_reviewed: 'My new shop was approved or turned down',
  password_reset: 'A link to set a new password, when I ask for one',
  email_verification: 'A link to verify my e-mail address',
  email_change: 'A change of my e-mail address',
  subscription_delivery: 'My subscriptions’ deliveries: a holiday, short stock, a card to fix',
};

/** Who each optional kind of e-mail can concern (the profile page offers only the caller's). */
export const EMAIL_KIND_ROLES: Record<OptionalEmailKind, Role> = {
  order_received: 'vendor',
  step_changed: 'customer',
  slot_cancelled: 'customer',
  review_reported: 'admin',
  back_in_stock: 'customer',
  marked_down: 'customer',
  low_stock: 'vendor',
  shopper_cancelled: 'vendor',
};

/** What a subscription delivery notice tells (the kind subscription_delivery). */
export const SUBSCRIPTION_DELIVERY_EVENTS = [
  'ordered',
  'holiday',
  'short',
  'discontinued',
  'nothing',
  'charge_failed',
  'abandoned',
  'plan_ended',
  'made_late',
  'missed',
  'season_paid',
  'season_refunded',
] as const;

/** A product's stock at or below this tells its vendor (once each time a sale or an edit takes it there). */
export const LOW_STOCK_THRESHOLD = 5;

const cents = z.number().int();
const id = z.uuid();
/** `quantity`: the amount in its product's units ("2 jars"; decision 053), absent from events written before. */
const line = z.object({
  name: z.string(),
  amount: z.number().int(),
  quantity: z.string().optional(),
  totalCents: cents,
});
const shopLines = z.object({ shopName: z.string(), lines: z.array(line) });
/** Where and when a shop's part is handed over: "Sat 5 Dec, 09:00–12:00 PST" at a pickup point or an address. */
const handover = z.object({
  kind: z.enum(['pickup', 'delivery']),
  window: z.string(),
  /** The pickup point's name; null for a delivery. */
  place: z.string().nullable(),
  /** The pickup point's address, or where it is delivered. */
  address: z.string(),
});
export type Handover = z.infer<typeof handover>;
/** A shop's part on the receipt: its lines, how it is handed over, what was held or charged for it. */
const shopPart = shopLines.extend({
  handover: handover.nullable().optional(),
  /** Its share of the card hold (weighed goods); absent when the card was charged at checkout. */
  heldCents: cents.optional(),
  /** What was charged for it now (at checkout; nothing yet while the card is only held). */
  chargedCents: cents.optional(),
});
/** The order's FS- number; none in the events written before orders had numbers (migration 0044). */
const orderNumber = z.string().optional();

/** One size of a product and how many of it can be bought now (decision 052). */
const stockOfSize = z.object({ label: z.string(), available: z.number().int() });

/** Each event as it is written to the outbox with the change that caused it, and rendered when delivered. */
export const notificationEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order_placed'),
    orderId: id,
    orderNumber,
    paymentId: id,
    shops: z.array(shopPart),
    subtotalCents: cents,
    discountCents: cents,
    deliveryCents: cents,
    totalCents: cents,
    /** The card hold when weighed goods are in the order (totalCents is then the estimate, nothing charged yet). */
    heldCents: cents.optional(),
  }),
  /** To the buyer, when an order with weighed goods is charged: each shop's final amount and what was released. */
  z.object({
    kind: z.literal('order_charged'),
    orderId: id,
    orderNumber,
    paymentId: id,
    shops: z.array(shopLines.extend({ chargedCents: cents })),
    heldCents: cents,
    chargedCents: cents,
    releasedCents: cents,
  }),
  z.object({
    kind: z.literal('order_received'),
    orderId: id,
    orderNumber,
    buyerName: z.string(),
    ...shopLines.shape,
    handover: handover.nullable().optional(),
    phone: z.string().optional(),
    note: z.string().nullable().optional(),
  }),
  z.object({
    kind: z.literal('step_changed'),
    orderId: id,
    orderNumber,
    paymentId: id,
    shopName: z.string(),
    status: z.string(),
    label: z.string(),
    handover: handover.nullable().optional(),
    /** The shop's lines and what its part costs, weighed goods at their weight once weighed. */
    lines: z.array(line).optional(),
    priceCents: cents.optional(),
    /** True when the card is still only held: the price is charged once every shop has weighed. */
    held: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('part_cancelled'),
    orderId: id,
    orderNumber,
    paymentId: id,
    ...shopLines.shape,
    /** What was refunded for it (0: nothing had been charged yet, as for goods still to be weighed). */
    refundCents: cents,
    /** The share of the card hold released for it (weighed goods cancelled before the charge). */
    releasedCents: cents.default(0),
    /** Who cancelled: the shop, the shopper themselves, or we did, the shop not having weighed it in time. */
    by: z.enum(['shop', 'shopper', 'unweighed']).default('shop'),
  }),
  z.object({ kind: z.literal('slot_cancelled'), orderId: id, orderNumber, shopName: z.string(), when: z.string() }),
  z.object({ kind: z.literal('review_reported'), reviewId: id, productName: z.string(), excerpt: z.string() }),
  /** To each shopper who favourited the product, at most once a day. */
  z.object({
    kind: z.literal('back_in_stock'),
    productId: id,
    productName: z.string(),
    shopName: z.string(),
    stock: z.number().int(),
    /** A product sold in several sizes: how many of each can be bought now (decision 052). */
    sizes: z.array(stockOfSize).optional(),
  }),
  /** To each shopper who favourited the product, the day its near-expiry markdown starts. */
  z.object({
    kind: z.literal('marked_down'),
    productId: id,
    productName: z.string(),
    shopName: z.string(),
    percent: z.number().int(),
    /** The use-by date, YYYY-MM-DD. */
    useBy: z.string(),
  }),
  /** To the vendor, each time a sale or an edit takes the stock to LOW_STOCK_THRESHOLD or below. */
  z.object({
    kind: z.literal('low_stock'),
    productId: id,
    productName: z.string(),
    /** Units left: the shared pool's of a product whose sizes draw from one (eggs, not dozens). */
    stock: z.number().int(),
    /** A product sold in several sizes: how many of each can be bought now; none left of any is sold out. */
    sizes: z.array(stockOfSize).optional(),
  }),
  /** To the shop, when the shopper cancels its part of an order. */
  z.object({
    kind: z.literal('shopper_cancelled'),
    orderId: id,
    orderNumber,
    buyerName: z.string(),
    ...shopLines.shape,
    /** The shopper cancelled, or we did: the shop had not weighed the order when the card hold was ending. */
    by: z.enum(['shopper', 'unweighed']).default('shopper'),
  }),
  /**
   * A shopper reported a problem with a delivered part (decision 063): to its shop (`to: 'shop'`) and to every admin
   * (`to: 'admin'`), each led to where they handle it.
   */
  z.object({
    kind: z.literal('problem_reported'),
    to: z.enum(['shop', 'admin']),
    orderId: id,
    orderNumber,
    shopName: z.string(),
    buyerName: z.string(),
    reason: z.string(),
    excerpt: z.string(),
  }),
  /** To the vendor, when an admin approves its new shop or turns it down (with the reason). */
  z.object({
    kind: z.literal('shop_reviewed'),
    shopName: z.string(),
    approved: z.boolean(),
    reason: z.string().nullable(),
  }),
  /**
   * A subscription's delivery (issue 37), to its shopper (`to: 'shopper'`) or its shop: its order made (`ordered`), a
   * holiday instead (`holiday`, with the shop's reason and the next delivery), items short (`short`) or no longer sold
   * (`discontinued`), nothing left to deliver (`nothing`), a charge that failed (`charge_failed`, retried at
   * `retryAt`) or gave up (`abandoned`: the subscription is paused), or the plan ended by the farm (`plan_ended`);
   * a season's payment taken (`season_paid`) or what its deliveries did not draw given back (`season_refunded`),
   * `amount` dollars, `deliveryOn` the first day it pays for.
   */
  z.object({
    kind: z.literal('subscription_delivery'),
    to: z.enum(['shopper', 'shop']),
    event: z.enum(SUBSCRIPTION_DELIVERY_EVENTS),
    planName: z.string(),
    shopName: z.string(),
    buyerName: z.string().optional(),
    /** The delivery's date, YYYY-MM-DD. */
    deliveryOn: z.string(),
    orderId: id.optional(),
    orderNumber,
    /** The items short (`name ×got of wanted`) or left out. */
    items: z.array(z.string()).optional(),
    reason: z.string().nullable().optional(),
    nextDeliveryOn: z.string().nullable().optional(),
    /** A holiday's delivery moved to this date (another of the plan's times). */
    movedTo: z.string().optional(),
    retryAt: z.string().optional(),
    amount: z.number().optional(),
  }),
  /** E-mailed only (never in the bell): a link to set a new password, asked for on the sign-in page. */
  z.object({
    kind: z.literal('password_reset'),
    /** The link's single-use token (only its hash is kept with the account). */
    token: z.string(),
    minutes: z.number().int(),
  }),
  /** E-mailed only: a link proving the address is the account's (after sign-up, or the new one of a change). */
  z.object({
    kind: z.literal('email_verification'),
    /** The link's single-use token (only its hash is kept). */
    token: z.string(),
    hours: z.number().int(),
    /** The link moves the account to this address (it was asked for on the profile), rather than verify it. */
    change: z.boolean(),
  }),
  /**
   * E-mailed only, about a change of address: to the old one when it is asked for and when it is made (`address`,
   * the new one, masked), and to an address asked for that already has an account (`in_use`, its own address).
   */
  z.object({
    kind: z.literal('email_change'),
    step: z.enum(['requested', 'changed', 'in_use']),
    address: z.string(),
  }),
]);
export type NotificationEvent = z.infer<typeof notificationEvent>;

/** One in-app notification as its user reads it. */
export const notification = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where in the app it leads (a path). */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;
export const notificationPage = paginated(notification).extend({ unread: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPage>;

export const markRead = z.union([
  z.object({
    ids: z
      .array(z.uuid({ error: 'must be notification ids' }))
      .min(1)
      .max(100),
  }),
  z.object({ all: z.literal(true) }),
]);
export const markedRead = z.object({ modifiedCount: z.number().int(), unread: z.number().int() });

/** Which optional e-mails the caller receives (true = sent). */
export const emailPreferences = z.object(
  Object.fromEntries(OPTIONAL_EMAIL_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    OptionalEmailKind,
    z.ZodBoolean
  >,
);
export type EmailPreferences = z.infer<typeof emailPreferences>;

export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export const OUTBOX_CHANNELS = ['in_app', 'email'] as const;

/** One outbox row for the admin's outbox page. */
export const outboxEntry = z.object({
  _id: z.string(),
  recipient: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  kind: z.enum(NOTIFICATION_KINDS),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
/** The outbox, and (when no SMTP server is set) the e-mails written as files. */
export const outboxPage = paginated(outboxEntry).extend({
  mailFiles: z.array(z.object({ name: z.string(), subject: z.string(), to: z.string(), size: z.number().int() })),
});
export type OutboxPage = z.infer<typeof outboxPage>;
export const mailFileParams = z.object({
  name: z.string().regex(/^[\w-]+\.eml$/, { error: 'must be the name of a mail file' }),
});

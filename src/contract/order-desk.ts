import { z } from 'zod';
import { FULFILMENT_STATUSES, ORDER_STATUSES } from './fulfilment.ts';
import { REFUND_STATUSES } from './orders.ts';
import { pageQuery, paginated } from './pagination.ts';
import { hundredths } from './payouts.ts';
import { problemReport } from './problem-reports.ts';

/** The order desk (admin): find an order, read its whole story, refund or cancel a part of it, send the receipt again. */

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'That is not a date');

/**
 * GET /admin/orders: `q` an order number (FS-10234) or the shopper's name or e-mail; `shop` a shop's name; `from`
 * and `to` the days it was placed (the business's time zone, both included); `status` a step any shop's part is at.
 */
export const deskSearchQuery = pageQuery
  .extend({
    q: z.string().trim().max(100, { error: 'At most 100 characters', abort: true }).default(''),
    shop: z.string().trim().max(100, { error: 'At most 100 characters', abort: true }).default(''),
    from: day.optional(),
    to: day.optional(),
    status: z
      .enum(FULFILMENT_STATUSES, { error: 'Choose a step: pending, ready, shipped, delivered or cancelled' })
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'The first day must not be after the last',
    path: ['to'],
  });
export type DeskSearchQuery = z.infer<typeof deskSearchQuery>;

/** One order found: who bought it, from which shops, what was paid (or is to be charged) and refunded (dollars), and each part's step. */
export const deskOrder = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  name: z.string(),
  email: z.string(),
  shops: z.array(z.object({ shopName: z.string(), status: z.enum(FULFILMENT_STATUSES) })),
  total: z.number(),
  /** False for a subscription delivery's order until its card is charged at the cutoff (decision 068). */
  charged: z.boolean(),
  refunded: z.number(),
  status: z.enum(ORDER_STATUSES),
  date: z.string(),
});
export type DeskOrder = z.infer<typeof deskOrder>;
export const deskOrderPage = paginated(deskOrder);

export const deskOrderParams = z.object({ id: z.uuid('Order id must be a UUID') });
export const deskPartParams = deskOrderParams.extend({ shopId: z.uuid('Shop id must be a UUID') });

/** Why an admin gives money back, as the ledger keeps it. */
export const DESK_REFUND_CAUSES = ['damaged', 'missing', 'wrong_item', 'quality', 'late', 'goodwill', 'other'] as const;
export type DeskRefundCause = (typeof DESK_REFUND_CAUSES)[number];
export const DESK_REFUND_CAUSE_LABELS: Record<DeskRefundCause, string> = {
  damaged: 'Arrived damaged',
  missing: 'Missing from the order',
  wrong_item: 'Wrong item',
  quality: 'Poor quality',
  late: 'Late or not handed over',
  goodwill: 'Goodwill',
  other: 'Other',
};

/** Why and who, kept with each refund the desk gives (the note is the admin's own words). */
const because = {
  cause: z.enum(DESK_REFUND_CAUSES, { error: 'Choose why the money is given back' }),
  note: z.string().trim().max(500, 'At most 500 characters').default(''),
  /**
   * One key per refund the admin means to give (the page makes one when its form opens): asking again with the same
   * key (a double click, a retry) answers the same refund and gives nothing twice.
   */
  key: z.uuid('The refund key must be a UUID'),
};

/**
 * POST /admin/orders/:id/shops/:shopId/refunds: money back for a delivered part, or for one of its lines when
 * `lineId` is given; `quantity` (that many of the line's units, at what was paid for each) or `amount` (dollars).
 */
export const deskRefundInput = z
  .object({
    lineId: z.uuid('Line id must be a UUID').optional(),
    quantity: z.number().int('A quantity is a whole number').positive('Refund at least 1').optional(),
    amount: z
      .number({ error: 'Enter the amount to refund in dollars' })
      .positive('A refund must be more than $0')
      .max(1_000_000, 'That is more than any order')
      .refine(hundredths, 'Use whole cents')
      .optional(),
    /** The shopper's problem report this refund answers: it is resolved with the refund, saying what was given. */
    reportId: z.uuid('Report id must be a UUID').optional(),
    ...because,
  })
  .refine((input) => (input.quantity === undefined) !== (input.amount === undefined), {
    error: 'Give either a quantity or an amount',
    path: ['amount'],
  })
  .refine((input) => input.quantity === undefined || input.lineId !== undefined, {
    error: 'A quantity refunds one line: choose the line',
    path: ['quantity'],
  });
export type DeskRefundInput = z.infer<typeof deskRefundInput>;

/** The refund given (or the one given before with the same key: `repeated`), in dollars. */
export const deskRefund = z.object({
  refundId: z.string(),
  amount: z.number(),
  /** What the shop gives back of it from its payout. */
  reversed: z.number(),
  repeated: z.boolean(),
});

/** POST /admin/orders/:id/shops/:shopId/cancellation: the part is cancelled and what was paid for it refunded. */
export const deskCancelInput = z.object({ cause: because.cause, note: because.note });
export type DeskCancelInput = z.infer<typeof deskCancelInput>;

/** POST /admin/orders/:id/receipt: the receipt e-mail goes to the shopper again (through the outbox). */
export const deskReceiptSent = z.object({ to: z.string() });

const money = z.number();

/** A line of a part: what it sold, what was paid for it and refunded of it, and what is left to refund. */
const storyLine = z.object({
  _id: z.string(),
  itemName: z.string(),
  amount: z.number().int(),
  status: z.enum(FULFILMENT_STATUSES),
  total: money,
  /** What the shopper paid for it (its share of the charge after any coupon, with tax added); null while only held. */
  paid: money.nullable(),
  refunded: money,
  /** What the desk may still refund of it: only once its part is delivered, else 0. */
  refundable: money,
});

/** A step of a shop's part and when it was made, as the shopper was told it (the order placed is the first). */
const storyStep = z.object({ status: z.string(), label: z.string(), at: z.string() });

const storyPart = z.object({
  shopId: z.string(),
  shopName: z.string(),
  status: z.enum(FULFILMENT_STATUSES),
  steps: z.array(storyStep),
  lines: z.array(storyLine),
  delivery: money,
  /** What was charged for it (its lines and delivery fee); null while the card is only held. */
  charged: money.nullable(),
  held: money.nullable(),
  refunded: money,
  /** What is left to refund of a delivered part (its lines and delivery fee, less earlier refunds); else 0. */
  refundable: money,
  /** Whether the desk may cancel it now (the shop's own rules: not delivered or cancelled yet). */
  cancellable: z.boolean(),
  /** What cancelling it now gives back: a refund, or the release of its share of the card hold. */
  onCancel: z.object({ refund: money, release: money }),
});

/** A movement of the shopper's payment: the charge, or for weighed goods the hold and its capture. */
const storyPayment = z.object({
  kind: z.enum(['charge', 'hold', 'capture']),
  amount: money,
  status: z.string(),
  at: z.string().nullable(),
  reference: z.string(),
});

const storyRefund = z.object({
  _id: z.string(),
  amount: money,
  shopName: z.string().nullable(),
  /** What it gave back: a line ('Carrots ×2'), a delivery fee, or a part. */
  what: z.string(),
  reason: z.string(),
  note: z.string().nullable(),
  /** The admin who gave it; null when a shop, the shopper or the system did. */
  by: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  at: z.string(),
});

const storyTransfer = z.object({
  shopName: z.string(),
  amount: money,
  commission: money,
  /** What refunds took back of it. */
  reversed: money,
  status: z.string(),
  at: z.string(),
});

const storyNotice = z.object({
  kind: z.string(),
  /** Which shop and step it told of ('Green Valley Farm: Picked up'), when it names one. */
  about: z.string().nullable(),
  channel: z.enum(['email', 'in_app']),
  to: z.string(),
  state: z.string(),
  at: z.string(),
});

/** GET /admin/orders/:id: one order's whole story, every figure from the ledger (dollars). */
export const deskStory = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  paymentId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  money: z.object({
    state: z.enum(['paid', 'held', 'charged', 'released']),
    held: money.nullable(),
    charged: money.nullable(),
    released: money,
    refunded: money,
  }),
  parts: z.array(storyPart),
  payments: z.array(storyPayment),
  refunds: z.array(storyRefund),
  transfers: z.array(storyTransfer),
  notices: z.array(storyNotice),
  /** The problems its shopper reported, newest first, each with its photo and state. */
  reports: z.array(problemReport),
});
export type DeskStory = z.infer<typeof deskStory>;

import { z } from 'zod';
import { abortWith, uuidField } from './validation.ts';

/** How a subscriber's delivery on a date stands on the farm's roster (decision 068). */
export const ROSTER_STATES = [
  'due',
  'overdue',
  'missed',
  'vacation',
  'paused',
  'skipped',
  'holiday',
  'ordered',
  'charged',
  'charge_failed',
  'abandoned',
  'cancelled',
] as const;
export type RosterState = (typeof ROSTER_STATES)[number];

/** What each state reads as on the roster. */
export const ROSTER_STATE_LABELS: Record<RosterState, string> = {
  due: 'Order not made yet',
  overdue: 'Cutoff passed, order not made yet',
  missed: 'Missed: not ordered in time',
  vacation: 'Away (vacation)',
  paused: 'Paused',
  skipped: 'Skipped',
  holiday: 'You are closed',
  ordered: 'Ordered',
  charged: 'Paid',
  charge_failed: 'Card failed, retrying',
  abandoned: 'Card failed: cancelled',
  cancelled: 'Cancelled',
};

/** The states that are packed: the order is made and not cancelled. */
export const PACKED_STATES: readonly RosterState[] = ['ordered', 'charged', 'charge_failed'];

const day = (error: string) => z.string({ error }).max(10, abortWith(error)).check(z.iso.date({ error }));

/** GET /shops/:shopId/subscription-roster: the seven days from `from` (default today in the shop's zone). */
export const rosterQuery = z.object({ from: day('Enter a date such as 2026-12-01').optional() });

export const rosterSubscriber = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  email: z.string(),
  state: z.enum(ROSTER_STATES),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
});

/** One plan's delivery on one date over one window: who gets it, who skips, and the box to fill. */
export const rosterDelivery = z.object({
  date: z.string(),
  windowId: z.string(),
  /** The slot's id, as the pick list's address takes it. */
  slotId: z.string(),
  /** "9:00–12:00 at Farm gate", "16:00–19:00 delivery" */
  window: z.string(),
  /** Box plans: this date's contents as the farm set them, else null (the plan's usual contents apply). */
  box: z.string().nullable(),
  /** Box plans: the farm may still set the contents (no order of the date is made yet). */
  boxOpen: z.boolean(),
  /** How many orders to pack. */
  packed: z.number().int(),
  subscribers: z.array(rosterSubscriber),
});

export const rosterPlan = z.object({
  planId: z.string(),
  name: z.string(),
  kind: z.enum(['fixed', 'box']),
  /** What usually goes in a box (box plans). */
  usualBox: z.string().nullable(),
  ended: z.boolean(),
  deliveries: z.array(rosterDelivery),
});

export const roster = z.object({
  shopId: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  plans: z.array(rosterPlan),
});
export type Roster = z.infer<typeof roster>;
export type RosterPlan = z.infer<typeof rosterPlan>;
export type RosterDelivery = z.infer<typeof rosterDelivery>;

export const boxContentsParams = z.object({
  shopId: uuidField('Not a shop id'),
  planId: uuidField('Not a plan id'),
  date: day('Enter a date such as 2026-12-05'),
});

export const BOX_MESSAGES = {
  empty: 'Say what goes in the box',
  notBox: 'Only a box plan has contents to set',
  notADelivery: 'The plan delivers on none of its times that day',
  past: 'That delivery has passed',
  ordered: 'The orders of that day are made already: their boxes keep what was set',
} as const;

/** PUT /shops/:shopId/subscription-plans/:planId/box-contents/:date */
export const boxContentsInput = z.object({
  contents: z
    .string({ error: BOX_MESSAGES.empty })
    .trim()
    .min(1, BOX_MESSAGES.empty)
    .max(2000, abortWith('At most 2000 characters')),
});

export const boxContents = z.object({ planId: z.string(), date: z.string(), contents: z.string() });

/** GET /subscription-plans/:id/boxes: the box's contents the farm set for the coming deliveries (members see them). */
export const planBoxes = z.object({
  planId: z.string(),
  boxes: z.array(z.object({ date: z.string(), contents: z.string() })),
});
export type PlanBoxes = z.infer<typeof planBoxes>;

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

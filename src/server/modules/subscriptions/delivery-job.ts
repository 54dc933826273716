import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { chargeDueDeliveries } from './charge-deliveries.ts';
import { makeDueDeliveries } from './make-deliveries.ts';
import { closeSeasonPayments } from './season-payments.ts';

export type SubscriptionJobSettings = {
  /** SUBSCRIPTION_ORDER_LEAD_DAYS: days before a window's cutoff a delivery's order is made. */
  orderLeadDays: number;
  /** SUBSCRIPTION_CHARGE_RETRIES: failed charges of a delivery before it is abandoned. */
  chargeRetries: number;
  defaultTimeZone: string;
};

/**
 * The subscriptions' weekly work, one sweep (decision 068): the deliveries due are made (their order, or a skip or a
 * holiday), then the orders whose cutoff passed are charged and the failed charges due are tried again, then the
 * seasons' payments none of whose deliveries can draw any more are closed, what they did not draw given back (070). Safe to run
 * on every server at once and as often as wanted.
 */
export async function runSubscriptionDeliveries(
  db: Db,
  provider: PaymentProvider,
  settings: SubscriptionJobSettings,
  options: { now?: Date; log?: FastifyBaseLogger } = {},
) {
  const now = options.now ?? new Date();
  const made = await makeDueDeliveries(db, {
    now,
    leadDays: settings.orderLeadDays,
    defaultTimeZone: settings.defaultTimeZone,
    provider: provider.name,
    log: options.log,
  });
  const charged = await chargeDueDeliveries(db, provider, { now, retries: settings.chargeRetries, log: options.log });
  const closed = await closeSeasonPayments(db, provider, {
    now,
    defaultTimeZone: settings.defaultTimeZone,
    log: options.log,
  });
  return { made, charged, closed };
}

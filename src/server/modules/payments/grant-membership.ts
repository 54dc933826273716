import type { Tx } from '../../db/client.ts';
import { grantPlan, planRow, shopOf, shopPlanState } from '../shops/index.ts';
import { CannotSettle, type IntentRow } from './intents.ts';
import { vendorPayments } from './tables.ts';

/**
 * Turns a paid membership intent into the vendor payment and the shop's plan, in the caller's transaction (which
 * holds the vendor's lock, see settleIntent). The price is what the intent charged (the plan's price when the payment
 * started: a later change of the plan leaves it). A monthly plan renews: a month more from the end of the month paid.
 * A shop that holds a one-off plan already is not charged twice: CannotSettle, so that charge is refunded.
 */
export async function grantMembership(tx: Tx, intent: IntentRow, vendor: { email: string }, now: Date): Promise<void> {
  const plan = await planRow(tx, intent.planKey ?? 'premium');
  if (!plan) throw new CannotSettle('This membership is no longer offered');
  const state = await shopPlanState(tx, intent.userId);
  if (!state) throw new CannotSettle('Register your shop first');
  const holds = state.membership === plan.key && (state.paidUntil === null || state.paidUntil > now);
  if (holds && plan.billing !== 'monthly') {
    throw new CannotSettle(`Your shop is already a ${plan.name.toLowerCase()} member`, 'duplicate');
  }
  const shop = await shopOf(tx, intent.userId);
  const paidUntil = await grantPlan(tx, intent.userId, plan, now);
  await tx
    .insert(vendorPayments)
    .values({
      userId: intent.userId,
      email: vendor.email,
      priceCents: intent.amountCents,
      shop: shop?.name ?? '',
      transactionId: intent.providerIntentId,
      planKey: plan.key,
      paidUntil,
    })
    .onConflictDoNothing({ target: vendorPayments.transactionId });
}

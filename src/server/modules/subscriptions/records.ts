import type { PlanFrequency, PlanKind, PlanPricing } from '#contract/subscriptions.ts';
import type { Tx } from '../../db/client.ts';
import { firstOptionIds } from '../catalog/index.ts';
import { recordSandboxCard } from '../payments/index.ts';
import { readSettings } from '../slots/index.ts';
import { subscriptionPlanItems, subscriptionPlans, subscriptionPlanWindows, subscriptions } from './tables.ts';

/** A plan as the demo seed writes it: a fixed list names products (their first option), windows are chosen by kind. */
export type PlanRecord = {
  shopId: string;
  name: string;
  description: string;
  kind: PlanKind;
  boxValueCents?: number;
  boxContents?: string;
  items?: { productId: string; quantity: number }[];
  frequency: PlanFrequency;
  startsOn?: string;
  endsOn?: string;
  pricing: PlanPricing;
  seasonPriceCents?: number;
  installments?: number;
  discountPercent?: number;
  subscriberCap?: number;
  /** The shop's live windows that serve it: its pickup times, its delivery times, or all. */
  windows: 'pickup' | 'delivery' | 'all';
  createdAt: Date;
};

/** Writes the demo's plans (the seed's data is trusted: the table's checks still hold it); answers their ids in order. */
export async function recordPlans(tx: Tx, plans: PlanRecord[], defaultTimeZone: string, now: Date): Promise<string[]> {
  const ids: string[] = [];
  const options = await firstOptionIds(
    tx,
    plans.flatMap((plan) => (plan.items ?? []).map((item) => item.productId)),
  );
  for (const { items = [], windows, ...plan } of plans) {
    const [row] = await tx
      .insert(subscriptionPlans)
      .values({ ...plan, updatedAt: plan.createdAt })
      .returning({ id: subscriptionPlans.id });
    ids.push(row.id);
    if (items.length > 0)
      await tx.insert(subscriptionPlanItems).values(
        items.map((item, position) => ({
          planId: row.id,
          optionId: options.get(item.productId) as string,
          quantity: item.quantity,
          position,
        })),
      );
    const settings = await readSettings(tx, plan.shopId, defaultTimeZone, now);
    const windowIds = [
      ...(windows === 'delivery' ? [] : settings.pickupPoints.flatMap((point) => point.windows)),
      ...(windows === 'pickup' ? [] : (settings.delivery?.windows ?? [])),
    ].map((window) => window.id);
    await tx.insert(subscriptionPlanWindows).values(windowIds.map((windowId) => ({ planId: row.id, windowId })));
  }
  return ids;
}

/**
 * The demo shopper's subscription to a plan (the seed's): at the shop's first pickup time, from `startsOn`, charged to a
 * card saved in the sandbox.
 */
export async function recordSubscription(
  tx: Tx,
  input: { planId: string; shopId: string; userId: string; startsOn: string; defaultTimeZone: string; now: Date },
): Promise<void> {
  const settings = await readSettings(tx, input.shopId, input.defaultTimeZone, input.now);
  const windowId = settings.pickupPoints[0]?.windows[0]?.id;
  if (!windowId) throw new Error('The demo subscription needs a pickup time at its shop');
  const card = await recordSandboxCard(tx, input.userId, input.now);
  await tx.insert(subscriptions).values({
    planId: input.planId,
    userId: input.userId,
    windowId,
    startsOn: input.startsOn,
    providerCustomerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    setupIntentId: card.setupIntentId,
    cardBrand: card.brand,
    cardLast4: card.last4,
    cardExpMonth: card.expMonth,
    cardExpYear: card.expYear,
    cardState: 'ready',
    createdAt: input.now,
    updatedAt: input.now,
  });
}

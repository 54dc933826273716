import type { PlanFrequency, PlanKind, PlanPricing } from '#contract/subscriptions.ts';
import type { Tx } from '../../db/client.ts';
import { firstOptionIds } from '../catalog/index.ts';
import { readSettings } from '../slots/index.ts';
import { subscriptionPlanItems, subscriptionPlans, subscriptionPlanWindows } from './tables.ts';

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

/** Writes the demo's plans (the seed's data is trusted: the table's checks still hold it). */
export async function recordPlans(tx: Tx, plans: PlanRecord[], defaultTimeZone: string, now: Date): Promise<void> {
  const options = await firstOptionIds(
    tx,
    plans.flatMap((plan) => (plan.items ?? []).map((item) => item.productId)),
  );
  for (const { items = [], windows, ...plan } of plans) {
    const [row] = await tx
      .insert(subscriptionPlans)
      .values({ ...plan, updatedAt: plan.createdAt })
      .returning({ id: subscriptionPlans.id });
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
}

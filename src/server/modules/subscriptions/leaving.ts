import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { subscriptionPlanItems, subscriptionPlans, subscriptionPlanWindows } from './tables.ts';

/** A vendor's plans for the data export, as stored (money in cents), each with its items and windows, oldest first. */
export async function plansForExport(db: Tx, vendorId: string) {
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.shopId, vendorId))
    .orderBy(asc(subscriptionPlans.createdAt), asc(subscriptionPlans.id));
  const ids = plans.map((plan) => plan.id);
  if (ids.length === 0) return [];
  const [items, windows] = await Promise.all([
    db
      .select()
      .from(subscriptionPlanItems)
      .where(inArray(subscriptionPlanItems.planId, ids))
      .orderBy(asc(subscriptionPlanItems.position)),
    db.select().from(subscriptionPlanWindows).where(inArray(subscriptionPlanWindows.planId, ids)),
  ]);
  return plans.map((plan) => ({
    ...plan,
    items: items.filter((item) => item.planId === plan.id).map(({ planId: _, ...item }) => item),
    windowIds: windows.filter((window) => window.planId === plan.id).map((window) => window.windowId),
  }));
}

/** A vendor leaving: its plans still running end now (kept, as the shop's offer; their pages went with the account). */
export async function endPlansOfLeaver(tx: Tx, vendorId: string, now: Date): Promise<void> {
  await tx
    .update(subscriptionPlans)
    .set({ endedAt: now, updatedAt: now })
    .where(and(eq(subscriptionPlans.shopId, vendorId), isNull(subscriptionPlans.endedAt)));
}

import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  subscriptionDeliveries,
  subscriptionPayments,
  subscriptionPlanItems,
  subscriptionPlans,
  subscriptionPlanWindows,
  subscriptions,
} from './tables.ts';

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

/** A shopper's subscriptions for the data export, as stored, each with its deliveries and season payments, oldest first. */
export async function subscriptionsForExport(db: Tx, userId: string) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  if (rows.length === 0) return [];
  const deliveries = await db
    .select()
    .from(subscriptionDeliveries)
    .where(
      inArray(
        subscriptionDeliveries.subscriptionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(subscriptionDeliveries.deliveryOn));
  const payments = await db
    .select()
    .from(subscriptionPayments)
    .where(
      inArray(
        subscriptionPayments.subscriptionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(subscriptionPayments.number));
  return rows.map((row) => ({
    ...row,
    deliveries: deliveries.filter((d) => d.subscriptionId === row.id).map(({ subscriptionId: _, ...d }) => d),
    seasonPayments: payments.filter((p) => p.subscriptionId === row.id).map(({ subscriptionId: _, ...p }) => p),
  }));
}

/**
 * A shopper leaving: their running subscriptions are cancelled now (no delivery after today) and every subscription
 * forgets its delivery address; the rows stay for the shops' records of what was delivered.
 */
export async function endSubscriptionsOfLeaver(tx: Tx, userId: string, now: Date, today: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: now, endsAfter: today, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'cancelled')));
  await tx
    .update(subscriptions)
    .set({ deliveryAddress: null, deliveryPostcode: null })
    .where(eq(subscriptions.userId, userId));
}

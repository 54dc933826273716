import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';
import { fulfilmentWindows, pickupPoints } from '../slots/tables.ts';
import { subscriptionDeliveries, subscriptionPlans, subscriptions } from './tables.ts';

/** Migration 0067's model (issue 37 slice 2): what the tables themselves hold to, whoever writes them. */
let t: TestContext;
let subscription: { id: string; planId: string; userId: string; windowId: string };

beforeAll(async () => {
  t = await createTestApp();
  const farm = await createUser(t, { role: 'vendor' });
  const shopper = await createUser(t);
  const [point] = await t.db
    .insert(pickupPoints)
    .values({ shopId: farm.id, name: 'Barn', address: '1 Farm Lane', position: 0 })
    .returning();
  const [window] = await t.db
    .insert(fulfilmentWindows)
    .values({
      shopId: farm.id,
      kind: 'pickup',
      pickupPointId: point.id,
      weekday: 4,
      startTime: '09:00',
      endTime: '12:00',
      capacity: 5,
      position: 0,
    })
    .returning();
  const [plan] = await t.db
    .insert(subscriptionPlans)
    .values({
      shopId: farm.id,
      name: 'Box',
      kind: 'box',
      boxValueCents: 3000,
      boxContents: 'Greens',
      frequency: 'weekly',
      pricing: 'per_delivery',
    })
    .returning();
  [subscription] = await t.db
    .insert(subscriptions)
    .values({ planId: plan.id, userId: shopper.id, windowId: window.id, startsOn: '2026-12-03' })
    .returning();
});
afterAll(() => t?.close());

describe('the subscriptions model', () => {
  it('keeps one running subscription per shopper and plan, and any number of cancelled ones', async () => {
    const again = { ...subscription, id: undefined, startsOn: '2026-12-10' };
    await expect(t.db.insert(subscriptions).values(again)).rejects.toThrow();
    await t.db.insert(subscriptions).values({ ...again, status: 'cancelled' });
    await t.db.insert(subscriptions).values({ ...again, status: 'cancelled' });
  });

  it('writes one delivery per subscription and date, whoever inserts it first', async () => {
    const row = {
      subscriptionId: subscription.id,
      deliveryOn: '2026-12-03',
      windowId: subscription.windowId,
      slotStart: new Date('2026-12-03T09:00:00Z'),
    };
    const first = await t.db
      .insert(subscriptionDeliveries)
      .values({ ...row, status: 'skipped' })
      .onConflictDoNothing()
      .returning();
    const second = await t.db
      .insert(subscriptionDeliveries)
      .values({ ...row, status: 'ordered' })
      .onConflictDoNothing()
      .returning();
    expect([first.length, second.length]).toEqual([1, 0]);
    const { rows } = await t.db.execute(sql`SELECT status FROM subscription_deliveries`);
    expect(rows).toEqual([{ status: 'skipped' }]);
  });

  it('refuses a vacation without both ends or ending before it starts', async () => {
    const update = (from: string | null, until: string | null) =>
      t.db.execute(
        sql`UPDATE subscriptions SET paused_from = ${from}, paused_until = ${until} WHERE id = ${subscription.id}`,
      );
    await expect(update('2026-12-10', null)).rejects.toThrow();
    await expect(update('2026-12-10', '2026-12-09')).rejects.toThrow();
    await update('2026-12-10', '2026-12-24');
  });

  it('gives orders a subscription column, empty for one-off orders', async () => {
    const { rows } = await t.db.execute(
      sql`SELECT is_nullable FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'subscription_id'`,
    );
    expect(rows).toEqual([{ is_nullable: 'YES' }]);
  });
});

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../notifications/tables.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import {
  deliveryOf,
  farmWithWindow,
  fixedPlan,
  minutes,
  nextWeekday,
  runAt,
  scriptedCards,
  slotTimes,
  subscribe,
} from './delivery-fixtures.ts';
import { setupSubscriberApp } from './subscribe-fixtures.ts';
import { subscriptions } from './tables.ts';

/**
 * A date whose order window passed while no server ran the job (decision 068): made late and charged at once while
 * its slot has not begun, else recorded as missed; both sides told; the roster and the shopper's page say so.
 */
let now = new Date();
const t = setupSubscriberApp(() => now);
let sandbox: ReturnType<typeof createSandboxProvider>;
const SATURDAY = 6;
beforeAll(() => {
  sandbox = createSandboxProvider(t.db);
});

const eventsTo = async (userId: string) =>
  (
    await t.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, userId), eq(notificationOutbox.channel, 'in_app')))
  )
    .map((row) => row.payload as { kind: string; event?: string })
    .filter((p) => p.kind === 'subscription_delivery')
    .map((p) => p.event);

const rosterStates = async (farm: { id: string; auth: Record<string, string> }, date: string) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/shops/${farm.id}/subscription-roster`,
    headers: farm.auth,
    query: { from: date },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return Object.fromEntries(
    answer
      .json()
      .plans[0].deliveries[0].subscribers.map((s: { subscriptionId: string; state: string }) => [
        s.subscriptionId,
        s.state,
      ]),
  );
};

describe('a cutoff that passed with no server running the job', () => {
  it('makes and charges the order at once while the slot has not begun, and tells both sides', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Late Farm' });
    const { planId } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const { shopper, subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);

    // The weekend the servers were down: the roster says the cutoff passed and no order is made.
    now = minutes(slot.closesAt, 30);
    expect((await rosterStates(farm, date))[subscription.id]).toBe('overdue');

    const { provider, calls } = scriptedCards(sandbox, () => 'ok');
    await runAt(t, provider, now);
    expect(await deliveryOf(t, subscription.id, date)).toMatchObject({ status: 'charged' });
    expect(calls).toHaveLength(1);
    expect(await eventsTo(shopper.id)).toEqual(expect.arrayContaining(['ordered', 'made_late']));
    expect(await eventsTo(farm.id)).toContain('made_late');
    expect((await rosterStates(farm, date))[subscription.id]).toBe('charged');
  });

  it('records a date whose slot began before any order as missed, charges nothing, and says so', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Missed Farm' });
    const { planId } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const { shopper, subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);

    now = minutes(slot.start, 5);
    const { provider, calls } = scriptedCards(sandbox, () => 'ok');
    await runAt(t, provider, now);
    await runAt(t, provider, minutes(now, 1));
    const row = await deliveryOf(t, subscription.id, date);
    expect(row).toMatchObject({ status: 'cancelled', orderId: null, nextAttemptAt: null });
    expect(calls).toHaveLength(0);
    expect(await eventsTo(shopper.id)).toEqual(['missed']);
    expect(await eventsTo(farm.id)).toEqual(['missed']);
    expect((await rosterStates(farm, date))[subscription.id]).toBe('missed');

    const mine = await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: shopper.auth });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()[0].coming[0]).toMatchObject({ date, state: 'cancelled', order: null });
  });

  it('does not count dates whose cutoff passed before the subscription last changed (a card fixed after a pause)', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Resumed Farm' });
    const { planId } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const { subscription } = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    await t.db
      .update(subscriptions)
      .set({ updatedAt: minutes(slot.closesAt, 10) })
      .where(eq(subscriptions.id, subscription.id));
    const { provider } = scriptedCards(sandbox, () => 'ok');
    await runAt(t, provider, minutes(slot.closesAt, 20));
    expect(await deliveryOf(t, subscription.id, date)).toBeUndefined();
  });
});

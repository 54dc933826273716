import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOX_MESSAGES } from '#contract/roster.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import {
  createPlan,
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
import { subscriptions } from './tables.ts';

/** The farm's week (issue 37 item 5, decision 068): its roster, box contents, and subscription orders marked. */
const t = setupTestApp();
let sandbox: ReturnType<typeof createSandboxProvider>;
const SATURDAY = 6;
beforeAll(async () => {
  sandbox = createSandboxProvider(t.db);
});

const get = (user: { auth: Record<string, string> }, url: string, query?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers: user.auth, query });

describe('the farm’s roster', () => {
  it('lists the week’s subscribers per plan, date and window, with skips, and marks their orders', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Roster Farm' });
    const { planId } = await fixedPlan(t, farm, windowId);
    const date = nextWeekday(SATURDAY);
    const ordered = await subscribe(t, planId, windowId, date);
    const away = await subscribe(t, planId, windowId, date);
    await t.db
      .update(subscriptions)
      .set({ pausedFrom: date, pausedUntil: date })
      .where(eq(subscriptions.id, away.subscription.id));
    const waiting = await subscribe(t, planId, windowId, date);
    const slot = await slotTimes(t, windowId, date);
    const { provider } = scriptedCards(sandbox, () => 'ok');

    const before = await get(farm, `/api/shops/${farm.id}/subscription-roster`, { from: date });
    expect(before.statusCode, before.body).toBe(200);
    const [planBefore] = before.json().plans;
    expect(planBefore.deliveries).toHaveLength(1);
    expect(planBefore.deliveries[0]).toMatchObject({
      date,
      window: '9:00–12:00 at Farm gate',
      packed: 0,
    });
    const stateBefore = Object.fromEntries(
      planBefore.deliveries[0].subscribers.map((s: { subscriptionId: string; state: string }) => [
        s.subscriptionId,
        s.state,
      ]),
    );
    expect(stateBefore).toEqual({
      [ordered.subscription.id]: 'due',
      [away.subscription.id]: 'vacation',
      [waiting.subscription.id]: 'due',
    });

    await runAt(t, provider, minutes(slot.orderFrom, 1));
    const after = (await get(farm, `/api/shops/${farm.id}/subscription-roster`, { from: date })).json();
    const delivery = after.plans[0].deliveries[0];
    expect(delivery.packed).toBe(2);
    expect(delivery.subscribers.map((s: { state: string }) => s.state).sort()).toEqual([
      'ordered',
      'ordered',
      'skipped',
    ]);
    expect(delivery.subscribers.find((s: { orderNumber: string | null }) => s.orderNumber)?.orderNumber).toMatch(
      /^FS-\d+$/,
    );

    // The orders list and the slot's packing slips mark subscription orders.
    const orders = (await get(farm, '/api/vendor/orders')).json();
    expect(orders.items.filter((o: { subscription: boolean }) => o.subscription)).toHaveLength(2);
    const sheet = await get(farm, `/api/shops/${farm.id}/booked-slots/${delivery.slotId}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().subscriptionOrders).toBe(2);
    expect(sheet.json().packingSlips.every((slip: { subscription: boolean }) => slip.subscription)).toBe(true);
    expect((await deliveryOf(t, ordered.subscription.id, date)).status).toBe('ordered');

    const stranger = await createUser(t, { role: 'vendor' });
    expect((await get(stranger, `/api/shops/${farm.id}/subscription-roster`)).statusCode).toBe(403);
  });

  it('lets the farm set a box’s contents for a date until its orders are made, and members read them', async () => {
    const { farm, windowId } = await farmWithWindow(t, { name: 'Box Farm' });
    const planId = await createPlan(t, farm, {
      name: 'Farm box',
      kind: 'box',
      boxValue: 25,
      boxContents: 'What the field gives',
      windowIds: [windowId],
    });
    const date = nextWeekday(SATURDAY);
    const put = (day: string, contents: string, who = farm) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/shops/${farm.id}/subscription-plans/${planId}/box-contents/${day}`,
        headers: who.auth,
        payload: { contents },
      });
    expect((await put(date, '  ')).json().error.fields).toEqual({ contents: BOX_MESSAGES.empty });
    const friday = nextWeekday(5);
    expect((await put(friday, 'Leeks')).json().error.message).toBe(BOX_MESSAGES.notADelivery);
    const set = await put(date, 'Leeks, squash and kale');
    expect(set.statusCode, set.body).toBe(200);
    const roster = (await get(farm, `/api/shops/${farm.id}/subscription-roster`, { from: date })).json();
    expect(roster.plans[0].deliveries[0]).toMatchObject({ box: 'Leeks, squash and kale', boxOpen: true });

    const boxes = await t.app.inject({ method: 'GET', url: `/api/subscription-plans/${planId}/boxes` });
    expect(boxes.json().boxes).toEqual([{ date, contents: 'Leeks, squash and kale' }]);

    const { subscription } = await subscribe(t, planId, windowId, date);
    await runAt(
      t,
      scriptedCards(sandbox, () => 'ok').provider,
      minutes((await slotTimes(t, windowId, date)).orderFrom, 1),
    );
    expect((await deliveryOf(t, subscription.id, date)).status).toBe('ordered');
    const late = await put(date, 'Something else');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(BOX_MESSAGES.ordered);

    const other = await createUser(t, { role: 'vendor' });
    expect((await put(date, 'Mine', other)).statusCode).toBe(403);
  });
});

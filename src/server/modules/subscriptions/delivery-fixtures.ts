import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { expect } from 'vitest';
import { SANDBOX_TEST_BANK } from '#contract/payouts.ts';
import type { TestContext } from '../../test/app.ts';
import { createProduct, createUser, type TestUser } from '../../test/factories.ts';
import type { OffSessionCharge, OffSessionFailureCode, PaymentProvider } from '../payments/provider.ts';
import type { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { servedSlot, servedWindows } from '../slots/index.ts';
import { runSubscriptionDeliveries } from './delivery-job.ts';
import { subscriptionDeliveries, subscriptions } from './tables.ts';

/**
 * The delivery job's tests' world (decision 068): a farm with one weekly window, its plans, subscribers with a saved
 * card, and a card provider whose off-session charges answer as a test says (on the sandbox's real payments).
 */
export const LEAD_DAYS = 3;
export const RETRIES = 3;

type Sandbox = ReturnType<typeof createSandboxProvider>;
export type CardAnswer = 'ok' | OffSessionFailureCode | 'crash_after';

/**
 * The sandbox with off-session charges scripted by `answer` (per subscription and date): an accepted charge is a real
 * sandbox payment, paid with a good card; the same idempotency key answers the same result, as Stripe does;
 * 'crash_after' charges and then throws, as a process stopping before it records the charge.
 */
export function scriptedCards(
  sandbox: Sandbox,
  answer: (metadata: Record<string, string>, idempotencyKey: string) => CardAnswer,
) {
  const byKey = new Map<string, OffSessionCharge>();
  const calls: string[] = [];
  const provider: PaymentProvider = {
    ...sandbox,
    async chargeOffSession(input) {
      calls.push(input.idempotencyKey);
      const known = byKey.get(input.idempotencyKey);
      if (known) return known;
      const wanted = answer(input.metadata, input.idempotencyKey);
      let result: OffSessionCharge;
      if (wanted === 'ok' || wanted === 'crash_after') {
        const opened = await sandbox.createIntent({
          amountCents: input.amountCents,
          captureMethod: input.captureMethod,
          description: input.description,
          metadata: input.metadata,
        });
        result = { ok: true, intent: await sandbox.confirm(opened.id, opened.clientSecret, '4242424242424242') };
      } else {
        result = { ok: false, code: wanted, message: `Refused: ${wanted}`, intentId: null };
      }
      byKey.set(input.idempotencyKey, result);
      if (wanted === 'crash_after') throw new Error('The process stopped after the charge');
      return result;
    },
  };
  return { provider, calls };
}

/** A farm selling in `timeZone`, with one weekly pickup window on `weekday` at 09:00–12:00 and a payout account. */
export async function farmWithWindow(
  t: TestContext,
  options: { timeZone?: string; weekday?: string; cutoffHours?: number; name?: string } = {},
) {
  const farm = await createUser(t, { role: 'vendor', name: options.name ?? 'Deliveries Farm' });
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/shops/${farm.id}/fulfilment`,
    headers: farm.auth,
    payload: {
      timeZone: options.timeZone ?? 'UTC',
      cutoffHours: options.cutoffHours ?? 24,
      pickupPoints: [
        {
          name: 'Farm gate',
          address: '1 Orchard Lane',
          windows: [{ weekday: options.weekday ?? 'saturday', start: '09:00', end: '12:00', capacity: 5 }],
        },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.app.inject({ method: 'POST', url: '/api/payouts/account', headers: farm.auth });
  await t.app.inject({
    method: 'POST',
    url: '/api/payouts/sandbox/onboarding',
    headers: farm.auth,
    payload: { accountHolder: 'Deliveries Farm', ...SANDBOX_TEST_BANK },
  });
  const windowId: string = saved.json().pickupPoints[0].windows[0].id;
  return { farm, windowId };
}

/** A plan of the farm through its API (money in dollars); answers its id. */
export async function createPlan(t: TestContext, farm: TestUser, plan: Record<string, unknown>): Promise<string> {
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/shops/${farm.id}/subscription-plans`,
    headers: farm.auth,
    payload: { frequency: 'weekly', billing: 'per_delivery', ...plan },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json()._id ?? made.json().id;
}

/** A fixed plan of two products (2 of the first, 1 of the second), 10% off; answers the plan and the options. */
export async function fixedPlan(t: TestContext, farm: TestUser, windowId: string, stock = 50) {
  const carrots = await createProduct(t, farm, { name: 'Carrots', priceCents: 300, stock });
  const kale = await createProduct(t, farm, { name: 'Kale', priceCents: 450, stock });
  const planId = await createPlan(t, farm, {
    name: 'Veg share',
    kind: 'fixed',
    items: [
      { optionId: carrots.optionIds[0], quantity: 2 },
      { optionId: kale.optionIds[0], quantity: 1 },
    ],
    discountPercent: 10,
    windowIds: [windowId],
  });
  return { planId, carrots, kale };
}

/** A shopper subscribed to the plan over the window from `startsOn`, with a card saved for off-session charges. */
export async function subscribe(t: TestContext, planId: string, windowId: string, startsOn: string) {
  const shopper = await createUser(t);
  const [row] = await t.db
    .insert(subscriptions)
    .values({
      planId,
      userId: shopper.id,
      windowId,
      startsOn,
      providerCustomerId: 'cus_test',
      paymentMethodId: 'pm_test',
      cardBrand: 'Visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      // A card good for years yet, whenever the tests run.
      cardExpYear: new Date().getUTCFullYear() + 5,
      cardState: 'ready',
    })
    .returning();
  return { shopper, subscription: row };
}

/** The window's slot on `date` as the job counts it: its start, cutoff, and the moment its order is due. */
export async function slotTimes(t: TestContext, windowId: string, date: string) {
  const window = (await servedWindows(t.db, [windowId], 'UTC')).get(windowId);
  if (!window) throw new Error('no window');
  const slot = servedSlot(window, date);
  return { ...slot, orderFrom: slot.closesAtLess(LEAD_DAYS) };
}

/** The next `weekday` (ISO number) after today + `afterDays`, YYYY-MM-DD. */
export function nextWeekday(weekday: number, afterDays = 7): string {
  const from = Temporal.Now.plainDateISO('UTC').add({ days: afterDays });
  return from.add({ days: (weekday - from.dayOfWeek + 7) % 7 }).toString();
}

export const runAt = (t: TestContext, provider: PaymentProvider, now: Date) =>
  runSubscriptionDeliveries(
    t.db,
    provider,
    { orderLeadDays: LEAD_DAYS, chargeRetries: RETRIES, defaultTimeZone: 'UTC' },
    { now },
  );

export async function deliveryOf(t: TestContext, subscriptionId: string, date: string) {
  const [row] = await t.db
    .select()
    .from(subscriptionDeliveries)
    .where(and(eq(subscriptionDeliveries.subscriptionId, subscriptionId), eq(subscriptionDeliveries.deliveryOn, date)));
  return row;
}

export const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

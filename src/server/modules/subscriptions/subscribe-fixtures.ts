import { Temporal } from 'temporal-polyfill';
import { afterAll, expect } from 'vitest';
import { buildTestApp, createTestDatabase, madeBeforeAll, type TestContext } from '../../test/app.ts';
import type { TestUser } from '../../test/users.ts';
import { ZONE } from '../checkout/fulfilment-fixtures.ts';

/** The real app on a database of its own, with `env`, reading "now" from `clock`. */
export function setupSubscriberApp(clock: () => Date, env: () => Record<string, string> = () => ({})): TestContext {
  const t = madeBeforeAll(async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp(database.url, env(), { now: clock });
    return {
      ...app,
      close: async () => {
        await app.close();
        await database.drop();
      },
    };
  });
  afterAll(() => t.close());
  return t;
}

/** The day `days` from the clock's day in the shops' zone, YYYY-MM-DD. */
export const dayAfter = (now: Date, days: number) =>
  Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(ZONE).toPlainDate().add({ days }).toString();

/** A box plan of the farm served by these windows (money in dollars); answers its id. */
export async function boxPlan(t: TestContext, farm: TestUser, windowIds: string[], extra: object = {}) {
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/shops/${farm.id}/subscription-plans`,
    headers: farm.auth,
    payload: {
      name: 'Weekly box',
      kind: 'box',
      boxValue: 30,
      boxContents: 'Greens\nRoots',
      frequency: 'weekly',
      billing: 'per_delivery',
      windowIds,
      ...extra,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id as string;
}

export const subscribeCall = (t: TestContext, shopper: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/subscriptions', headers: shopper.auth, payload });

export async function startCardSetup(t: TestContext, shopper: TestUser) {
  const setup = await t.app.inject({ method: 'POST', url: '/api/subscriptions/card-setup', headers: shopper.auth });
  expect(setup.statusCode, setup.body).toBe(201);
  return setup.json() as { setupIntentId: string; clientSecret: string };
}

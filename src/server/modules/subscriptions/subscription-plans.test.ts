import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '#contract/slots.ts';
import { PLAN_MESSAGES } from '#contract/subscriptions.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { createProduct, createUser, type TestUser } from '../../test/factories.ts';
import { shops } from '../shops/tables.ts';
import { subscriptionPlans } from './tables.ts';

/** Subscription plans (issue 37, item 1; decision 065): the vendor's plans, their rules and their public pages. */
let t: TestContext;
let webDir: string;
let farm: TestUser;
let otherFarm: TestUser;
let admin: TestUser;
let shopper: TestUser;
let eggs: { dozen: string; half: string };
let honey: string;
let otherFarmsOption: string;
let farmWindows: { pickup: string; delivery: string };
let otherFarmsWindow: string;

const weekday = WEEKDAYS[Temporal.PlainDate.from(dayFromToday(7)).dayOfWeek - 1];

async function saveWindows(vendor: TestUser, delivery: boolean) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/shops/${vendor.id}/fulfilment`,
    headers: vendor.auth,
    payload: {
      timeZone: 'UTC',
      pickupPoints: [
        {
          name: 'Riverside Market',
          address: '1 River Road',
          windows: [{ weekday, start: '09:00', end: '12:00', capacity: 20 }],
        },
      ],
      ...(delivery && {
        delivery: {
          postcodes: ['97201'],
          fee: 4,
          minimumOrder: 0,
          windows: [{ weekday: 'thursday', start: '16:00', end: '19:00', capacity: 10 }],
        },
      }),
    },
  });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
  return res.json() as {
    pickupPoints: { windows: { id: string }[] }[];
    delivery: { windows: { id: string }[] } | null;
  };
}

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-plans-web-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' }, webDir);
  farm = await createUser(t, { role: 'vendor', name: 'Willow Farm' });
  otherFarm = await createUser(t, { role: 'vendor', name: 'Creek Dairy' });
  admin = await createUser(t, { role: 'admin' });
  shopper = await createUser(t);
  await t.db.update(shops).set({ name: 'Willow Farm', phone: '+1 555 010 2000' }).where(eq(shops.vendorId, farm.id));
  const eggRow = await createProduct(t, farm, {
    name: 'Eggs',
    options: [
      { label: 'Dozen', priceCents: 600 },
      { label: 'Half dozen', priceCents: 350 },
    ],
  });
  eggs = { dozen: eggRow.optionIds[0], half: eggRow.optionIds[1] };
  honey = (await createProduct(t, farm, { name: 'Honey', priceCents: 900 })).optionIds[0];
  otherFarmsOption = (await createProduct(t, otherFarm, { name: 'Milk', priceCents: 300 })).optionIds[0];
  const saved = await saveWindows(farm, true);
  farmWindows = { pickup: saved.pickupPoints[0].windows[0].id, delivery: saved.delivery?.windows[0].id ?? '' };
  otherFarmsWindow = (await saveWindows(otherFarm, false)).pickupPoints[0].windows[0].id;
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const fixedPlan = (extra: object = {}) => ({
  name: 'Breakfast share',
  description: 'Eggs and honey from the farm.',
  kind: 'fixed',
  items: [
    { optionId: eggs.dozen, quantity: 2 },
    { optionId: honey, quantity: 1 },
  ],
  frequency: 'weekly',
  billing: 'per_delivery',
  discountPercent: 10,
  windowIds: [farmWindows.pickup],
  ...extra,
});
const boxPlan = (extra: object = {}) => ({
  name: 'Weekly vegetable box',
  kind: 'box',
  boxValue: 30,
  boxContents: 'Carrots\nKale\n- Potatoes',
  frequency: 'weekly',
  startsOn: dayFromToday(10),
  endsOn: dayFromToday(200),
  billing: 'installments',
  seasonPrice: 500,
  installments: 3,
  cap: 40,
  windowIds: [farmWindows.pickup, farmWindows.delivery],
  ...extra,
});

const create = (vendor: TestUser, payload: object, shopId = vendor.id) =>
  t.app.inject({ method: 'POST', url: `/api/shops/${shopId}/subscription-plans`, headers: vendor.auth, payload });
const update = (vendor: TestUser, planId: string, payload: object, shopId = vendor.id) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/shops/${shopId}/subscription-plans/${planId}`,
    headers: vendor.auth,
    payload,
  });
const end = (vendor: TestUser, planId: string, shopId = vendor.id) =>
  t.app.inject({ method: 'POST', url: `/api/shops/${shopId}/subscription-plans/${planId}/end`, headers: vendor.auth });
const list = (user: TestUser, shopId: string) =>
  t.app.inject({ url: `/api/shops/${shopId}/subscription-plans`, headers: user.auth });
const publicPlan = (id: string) => t.app.inject({ url: `/api/subscription-plans/${id}` });
const publicList = (shopId: string) => t.app.inject({ url: `/api/subscription-plans/shop/${shopId}` });

describe('a vendor creates, edits, lists and ends its plans', () => {
  it('creates a fixed plan priced by its list: options × quantities less the discount, money in dollars', async () => {
    const res = await create(farm, fixedPlan());
    expect(res.statusCode).toBe(201);
    const plan = res.json();
    expect(plan).toMatchObject({
      name: 'Breakfast share',
      kind: 'fixed',
      frequency: 'weekly',
      billing: 'per_delivery',
      state: 'open',
      startsOn: null,
      endsOn: null,
      // 2 × $6.00 + $9.00 = $21.00; 10% off: $18.90.
      deliveryValue: 21,
      deliveryPrice: 18.9,
      boxValue: null,
      boxContents: '',
      windows: [{ id: farmWindows.pickup, kind: 'pickup', label: `${weekdayWord()} 9:00–12:00 at Riverside Market` }],
    });
    expect(plan.items).toEqual([
      expect.objectContaining({ productName: 'Eggs', optionLabel: 'Dozen', quantity: 2, unitPrice: 6, onSale: true }),
      expect.objectContaining({ productName: 'Honey', optionLabel: null, quantity: 1, unitPrice: 9, onSale: true }),
    ]);
    const [row] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, plan.id));
    expect(row.discountPercent).toBe(10);
  });

  it('creates a box plan paid in installments, keeps the cents and ignores the fields of the other kind', async () => {
    const res = await create(farm, boxPlan({ items: [{ optionId: honey, quantity: 3 }] }));
    expect(res.statusCode).toBe(201);
    const plan = res.json();
    expect(plan).toMatchObject({
      kind: 'box',
      items: [],
      boxValue: 30,
      deliveryValue: 30,
      deliveryPrice: 30,
      seasonPrice: 500,
      installments: 3,
      cap: 40,
      state: 'upcoming',
    });
    expect(plan.windows.map((w: { kind: string }) => w.kind).sort()).toEqual(['delivery', 'pickup']);
    const [row] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, plan.id));
    expect(row).toMatchObject({ boxValueCents: 3000, seasonPriceCents: 50000 });
  });

  it('edits a plan: the new list, pricing and windows replace the old', async () => {
    const plan = (await create(farm, fixedPlan())).json();
    const res = await update(
      farm,
      plan.id,
      fixedPlan({
        name: 'Big breakfast share',
        items: [{ optionId: eggs.half, quantity: 3 }],
        discountPercent: undefined,
        frequency: 'fortnightly',
        windowIds: [farmWindows.delivery],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: plan.id,
      name: 'Big breakfast share',
      frequency: 'fortnightly',
      discountPercent: null,
      deliveryValue: 10.5,
      deliveryPrice: 10.5,
      items: [expect.objectContaining({ optionId: eggs.half, quantity: 3 })],
      windows: [expect.objectContaining({ id: farmWindows.delivery, label: 'Delivery Thursday 16:00–19:00' })],
    });
  });

  it('ends a plan: it stays in the shop’s list as ended, cannot be changed, and ending again changes nothing', async () => {
    const plan = (await create(farm, fixedPlan({ name: 'Ending share' }))).json();
    const ended = await end(farm, plan.id);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ id: plan.id, state: 'ended' });
    const endedAt = ended.json().endedAt;
    expect(endedAt).not.toBeNull();
    expect((await end(farm, plan.id)).json().endedAt).toBe(endedAt);

    const edit = await update(farm, plan.id, fixedPlan({ name: 'Revived' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(PLAN_MESSAGES.ended);

    const mine = (await list(farm, farm.id)).json() as { id: string; state: string; name: string }[];
    expect(mine.find((p) => p.id === plan.id)).toMatchObject({ state: 'ended', name: 'Ending share' });
  });

  it('lists the shop’s plans oldest first to its vendor and to an admin; another vendor is refused', async () => {
    const mine = await list(farm, farm.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().length).toBeGreaterThanOrEqual(3);
    expect((await list(admin, farm.id)).json()).toEqual(mine.json());
    expect((await list(otherFarm, farm.id)).statusCode).toBe(403);
    expect((await list(shopper, farm.id)).statusCode).toBe(403);
  });

  it('offers the form the shop’s options on sale (not weighed) and its live windows', async () => {
    await createProduct(t, farm, { name: 'Beef', soldByWeight: true, gramsPerPiece: 500 });
    await createProduct(t, farm, { name: 'Old jam', listed: false });
    const res = await t.app.inject({ url: `/api/shops/${farm.id}/subscription-plan-choices`, headers: farm.auth });
    expect(res.statusCode).toBe(200);
    const { options, windows } = res.json();
    expect(
      options.map((o: { productName: string; optionLabel: string | null }) => o.optionLabel ?? o.productName),
    ).toEqual(['Dozen', 'Half dozen', 'Honey']);
    expect(windows.map((w: { id: string }) => w.id).sort()).toEqual([farmWindows.pickup, farmWindows.delivery].sort());
  });
});

describe('validation: a clear message on each field', () => {
  const fieldsOf = async (payload: object) => {
    const res = await create(farm, payload);
    expect(res.statusCode).toBe(400);
    return res.json().error.fields as Record<string, string>;
  };

  it('names each missing or wrong field of a fixed plan', async () => {
    const fields = await fieldsOf({
      name: '',
      kind: 'fixed',
      items: [],
      frequency: 'daily',
      billing: 'per_delivery',
      discountPercent: 95,
      cap: 0,
      windowIds: [],
    });
    expect(fields).toMatchObject({
      name: 'This field is required',
      frequency: 'Choose how often it is delivered',
      discountPercent: 'At most 90%',
      cap: 'At least 1 subscriber',
      windowIds: PLAN_MESSAGES.noWindows,
    });
  });

  it('asks a fixed plan for products, each once', async () => {
    expect(await fieldsOf(fixedPlan({ items: [] }))).toMatchObject({ items: PLAN_MESSAGES.noItems });
    const twice = await fieldsOf(
      fixedPlan({
        items: [
          { optionId: honey, quantity: 1 },
          { optionId: honey, quantity: 2 },
        ],
      }),
    );
    expect(twice).toMatchObject({ 'items.1.optionId': PLAN_MESSAGES.itemTwice });
    expect(await fieldsOf(fixedPlan({ items: [{ optionId: honey, quantity: 0 }] }))).toMatchObject({
      'items.0.quantity': 'At least 1',
    });
  });

  it('asks a box for its value and contents', async () => {
    expect(await fieldsOf(boxPlan({ boxValue: '', boxContents: '  ' }))).toMatchObject({
      boxValue: PLAN_MESSAGES.noBoxValue,
      boxContents: PLAN_MESSAGES.noBoxContents,
    });
    expect(await fieldsOf(boxPlan({ boxValue: 12.345 }))).toMatchObject({ boxValue: 'At most two decimals' });
  });

  it('asks a season paid in advance for its end, price and payments, and keeps its days in order', async () => {
    expect(
      await fieldsOf(boxPlan({ endsOn: undefined, seasonPrice: undefined, installments: undefined })),
    ).toMatchObject({
      endsOn: PLAN_MESSAGES.seasonNeedsEnd,
      seasonPrice: PLAN_MESSAGES.noSeasonPrice,
      installments: PLAN_MESSAGES.noInstallments,
    });
    expect(await fieldsOf(boxPlan({ installments: 13 }))).toMatchObject({ installments: 'At most 12 payments' });
    expect(await fieldsOf(boxPlan({ startsOn: dayFromToday(30), endsOn: dayFromToday(20) }))).toMatchObject({
      endsOn: PLAN_MESSAGES.endBeforeStart,
    });
    expect(await fieldsOf(boxPlan({ startsOn: dayFromToday(-30), endsOn: dayFromToday(-1) }))).toMatchObject({
      endsOn: PLAN_MESSAGES.endPast,
    });
  });
});

describe('ownership', () => {
  it('refuses another vendor’s option and window in a plan, saying which', async () => {
    const res = await create(
      farm,
      fixedPlan({
        items: [
          { optionId: honey, quantity: 1 },
          { optionId: otherFarmsOption, quantity: 1 },
        ],
        windowIds: [farmWindows.pickup, otherFarmsWindow],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'items.1.optionId': PLAN_MESSAGES.notYourOption,
      'windowIds.1': PLAN_MESSAGES.notYourWindow,
    });
  });

  it('refuses an option sold by weight or no longer on sale', async () => {
    const beef = (await createProduct(t, farm, { name: 'Steak', soldByWeight: true, gramsPerPiece: 300 })).optionIds[0];
    const gone = (await createProduct(t, farm, { name: 'Gone jam', listed: false })).optionIds[0];
    const res = await create(
      farm,
      fixedPlan({
        items: [
          { optionId: beef, quantity: 1 },
          { optionId: gone, quantity: 1 },
        ],
      }),
    );
    expect(res.json().error.fields).toEqual({
      'items.0.optionId': PLAN_MESSAGES.weighedOption,
      'items.1.optionId': PLAN_MESSAGES.notYourOption,
    });
  });

  it('lets no other vendor, shopper or admin create, edit or end a shop’s plan', async () => {
    const plan = (await create(farm, fixedPlan())).json();
    expect((await create(otherFarm, fixedPlan(), farm.id)).statusCode).toBe(403);
    expect((await update(otherFarm, plan.id, fixedPlan({ name: 'Mine now' }), farm.id)).statusCode).toBe(403);
    expect((await end(otherFarm, plan.id, farm.id)).statusCode).toBe(403);
    expect((await end(admin, plan.id, farm.id)).statusCode).toBe(403);
    expect((await create(shopper, fixedPlan(), farm.id)).statusCode).toBe(403);
    // Another shop's plan under one's own shop is not found.
    expect((await update(otherFarm, plan.id, boxPlan({ windowIds: [otherFarmsWindow] }))).statusCode).toBe(404);
    expect((await end(otherFarm, plan.id)).statusCode).toBe(404);
    expect((await publicPlan(plan.id)).json().name).toBe('Breakfast share');
  });
});

describe('public pages', () => {
  it('shows an open plan with its shop, and lists the shop’s open and upcoming plans', async () => {
    const plan = (await create(farm, boxPlan({ name: 'Public box' }))).json();
    const res = await publicPlan(plan.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: plan.id,
      name: 'Public box',
      shop: { id: farm.id, name: 'Willow Farm', phone: '+1 555 010 2000' },
    });
    expect(res.json()).not.toHaveProperty('endedAt');
    const names = (await publicList(farm.id)).json().map((p: { name: string }) => p.name);
    expect(names).toContain('Public box');
    expect(names).not.toContain('Ending share');
  });

  it('answers 404 for an ended plan, a plan whose season is over and a plan of a shop not listed', async () => {
    const ended = (await create(farm, fixedPlan({ name: 'Short-lived' }))).json();
    await end(farm, ended.id);
    expect((await publicPlan(ended.id)).statusCode).toBe(404);

    const over = (await create(farm, fixedPlan({ name: 'Last season' }))).json();
    await t.db
      .update(subscriptionPlans)
      .set({ startsOn: dayFromToday(-60), endsOn: dayFromToday(-1) })
      .where(eq(subscriptionPlans.id, over.id));
    expect((await publicPlan(over.id)).statusCode).toBe(404);
    expect((await list(farm, farm.id)).json().find((p: { id: string }) => p.id === over.id).state).toBe('season_over');

    const held = await createUser(t, { role: 'vendor', name: 'Held Farm' });
    const heldWindow = (await saveWindows(held, false)).pickupPoints[0].windows[0].id;
    const heldPlan = (await create(held, boxPlan({ windowIds: [heldWindow] }))).json();
    expect((await publicPlan(heldPlan.id)).statusCode).toBe(200);
    await t.db.update(shops).set({ approval: 'pending' }).where(eq(shops.vendorId, held.id));
    expect((await publicPlan(heldPlan.id)).statusCode).toBe(404);
    expect((await publicList(held.id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/subscriptions/${heldPlan.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/subscriptions/${ended.id}` })).statusCode).toBe(404);
    expect((await publicPlan('not-a-plan')).statusCode).toBe(400);
  });

  it('puts open and upcoming plans of listed shops in the sitemap, and serves their pages', async () => {
    const shown = (await create(farm, boxPlan({ name: 'Sitemap box' }))).json();
    const ended = (await create(farm, fixedPlan({ name: 'Not in sitemap' }))).json();
    await end(farm, ended.id);
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<loc>https://shop.example.com/subscriptions/${shown.id}</loc>`);
    expect(res.body).not.toContain(ended.id);
    expect((await t.app.inject({ url: `/subscriptions/${shown.id}` })).statusCode).toBe(200);
  });
});

function weekdayWord() {
  return weekday.charAt(0).toUpperCase() + weekday.slice(1);
}

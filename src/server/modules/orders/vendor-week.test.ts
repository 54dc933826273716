import { and, eq, inArray } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlotSheet, Week } from '#contract/vendor-week.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { productOptions } from '../catalog/tables.ts';
import {
  choose,
  nextFridayNoon,
  openSlot,
  putAddress,
  setupClockedApp,
  shopWith,
  ZONE,
} from '../checkout/fulfilment-fixtures.ts';
import { addToCart, checkoutDetails, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { insertOrder, moveOrder } from './order-fixtures.ts';
import { orderLines } from './tables.ts';

/** The app's clock: the next Friday noon in Portland; tests move it, nothing waits. */
let clock = nextFridayNoon();
const t = setupClockedApp(() => clock);
const admin = setupUser(t, { role: 'admin' });
const customer = setupUser(t);

let vendor: TestUser;
let otherShop: TestUser;
let carrots: { id: string; name: string };
let beef: { id: string; name: string };
let pickupSlot: { id: string; start: string; end: string };
let deliverySlot: { id: string; start: string };
let otherSlotId: string;
const orderOf: Record<string, string> = {};
const numberOf: Record<string, string> = {};

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.auth });
const weekUrl = (query = '') => `/api/shops/${vendor.id}/booked-slots${query}`;
const dayOf = (iso: string) => Temporal.PlainDateTime.from(iso.slice(0, 19)).toPlainDate().toString();

/** A new shopper buys these products of the shop in its slot (after giving a delivery address, for delivery). */
async function buy(
  shop: TestUser,
  slotId: string,
  items: [{ id: string; optionId?: string }, number][],
  options: { name: string; note?: string; address?: { address: string; postcode: string } },
) {
  const buyer = await createUser(t, { name: options.name });
  for (const [product, amount] of items) await addToCart(t, buyer, product.id, amount, product.optionId);
  if (options.address) expect((await putAddress(t, buyer, options.address)).statusCode).toBe(200);
  const chosen = await choose(t, buyer, shop.id, { slotId, note: options.note });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const { intent } = await payCart(t, buyer, { details: { ...checkoutDetails, name: options.name } });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/customerPayments',
    headers: buyer.auth,
    payload: { ...checkoutDetails, name: options.name, paymentIntentId: intent.paymentIntentId },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(201);
  orderOf[options.name] = confirmed.json().orderId;
  numberOf[options.name] = confirmed.json().orderNumber;
  return confirmed.json().orderId as string;
}

beforeAll(async () => {
  vendor = await shopWith(t);
  otherShop = await shopWith(t);
  carrots = await createProduct(t, vendor, { name: 'Rainbow carrots', priceCents: 3000, stock: 50 });
  beef = await createProduct(t, vendor, { name: 'Beef brisket', priceCents: 2500, stock: 50 });
  pickupSlot = await openSlot(t, vendor.id, 'pickup');
  deliverySlot = await openSlot(t, vendor.id, 'delivery');

  // Saturday's pickup: Ann (carrots ×2, brisket), Ben (carrots, brisket weighed), Cal (cancelled by the shop).
  await buy(
    vendor,
    pickupSlot.id,
    [
      [carrots, 2],
      [beef, 1],
    ],
    { name: 'Ann Pickup', note: 'Blue cool box' },
  );
  await buy(
    vendor,
    pickupSlot.id,
    [
      [carrots, 1],
      [beef, 1],
    ],
    { name: 'Ben Pickup' },
  );
  await buy(vendor, pickupSlot.id, [[carrots, 5]], { name: 'Cal Pickup' });
  expect((await moveOrder(t, vendor, orderOf['Cal Pickup'], 'cancelled')).statusCode).toBe(200);
  // The brisket is sold by weight: Ann's is estimated, Ben's weighed.
  await t.db
    .update(orderLines)
    .set({ estimatedGrams: 1600 })
    .where(inArray(orderLines.orderId, [orderOf['Ann Pickup']]));
  await t.db
    .update(orderLines)
    .set({ estimatedGrams: 1500, actualGrams: 1520 })
    .where(and(eq(orderLines.productId, beef.id), eq(orderLines.orderId, orderOf['Ben Pickup'])));
  await t.db
    .update(orderLines)
    .set({ estimatedGrams: null, actualGrams: null })
    .where(eq(orderLines.productId, carrots.id));

  // Wednesday's delivery round, bought in an order that is not the postcodes'.
  const stops: [string, string, string][] = [
    ['Dee Delivery', '9 Birch St, Portland', '97215'],
    ['Eve Delivery', '5 Alder St, Portland', '97214'],
    ['Fay Delivery', '1 Alder St, Portland', '97214'],
  ];
  for (const [name, address, postcode] of stops)
    await buy(vendor, deliverySlot.id, [[carrots, 1]], { name, address: { address, postcode } });

  // An order without a slot (shipped, as before slots), and another shop's booked slot.
  await insertOrder(t, customer, [{ product: { ...carrots, priceCents: 3000, vendor }, amount: 1 }]);
  const otherCheese = await createProduct(t, otherShop, { name: 'Other cheese', priceCents: 3000 });
  otherSlotId = (await openSlot(t, otherShop.id)).id;
  await buy(otherShop, otherSlotId, [[otherCheese, 1]], { name: 'Gus Elsewhere' });
});

describe("the vendor's week", () => {
  it('groups the orders by slot, soonest first, with kind, times, place and orders count; unslotted apart', async () => {
    const response = await get(weekUrl(), vendor);
    expect(response.statusCode, response.body).toBe(200);
    const week: Week = response.json();
    expect(week).toMatchObject({ shopId: vendor.id, timeZone: ZONE, kind: 'all' });
    // From today (the clock's Friday) two weeks on; Wednesday's delivery comes before the next Saturday's pickup.
    const today = dayOf(new Date(clock).toLocaleString('sv-SE', { timeZone: ZONE }).replace(' ', 'T'));
    expect([week.from, week.to]).toEqual([today, Temporal.PlainDate.from(today).add({ days: 13 }).toString()]);
    expect(week.slots.map((s) => [s.id, s.kind, s.orders])).toEqual([
      [deliverySlot.id, 'delivery', 3],
      [pickupSlot.id, 'pickup', 3],
    ]);
    expect(week.slots[1]).toMatchObject({
      start: pickupSlot.start,
      end: pickupSlot.end,
      timeZone: ZONE,
      pickupPoint: { name: 'Saturday market', address: 'SW Park Ave & SW Montgomery St, Portland' },
    });
    // The newest order first.
    expect(week.slots[1].items.map((o) => o.name)).toEqual(['Cal Pickup', 'Ben Pickup', 'Ann Pickup']);
    expect(week.slots[1].items[0].status).toBe('cancelled');
    expect(week.slots[0].pickupPoint).toBeNull();
    // Only the shop's own orders, and its own lines.
    expect(JSON.stringify(week)).not.toContain('Other cheese');
    expect(week.unslotted.map((o) => [o.email, o.fulfilment, o.lines[0].itemName])).toEqual([
      [customer.email, null, 'Rainbow carrots'],
    ]);
  });

  it('filters by kind and by dates; past slots are reached by the dates', async () => {
    const deliveries: Week = (await get(weekUrl('?kind=delivery'), vendor)).json();
    expect(deliveries.slots.map((s) => s.id)).toEqual([deliverySlot.id]);
    expect(deliveries.unslotted).toEqual([]);
    const wednesday = dayOf(deliverySlot.start);
    const fromWednesday: Week = (await get(weekUrl(`?from=${wednesday}&to=${wednesday}`), vendor)).json();
    expect(fromWednesday.slots.map((s) => s.id)).toEqual([deliverySlot.id]);

    const saved = clock;
    clock = new Date(clock.getTime() + 14 * 24 * 3600_000);
    try {
      expect(((await get(weekUrl(), vendor)).json() as Week).slots).toEqual([]);
      const saturday = dayOf(pickupSlot.start);
      const past: Week = (await get(weekUrl(`?from=${saturday}&to=${saturday}&kind=pickup`), vendor)).json();
      expect(past.slots.map((s) => s.id)).toEqual([pickupSlot.id]);
    } finally {
      clock = saved;
    }
  });

  it('refuses bad filters with 400 and the field', async () => {
    for (const query of [
      '?kind=shipping',
      '?from=2026-13-01',
      '?from=2026-12-10&to=2026-12-01',
      '?from=2026-01-01&to=2026-12-31',
    ]) {
      const response = await get(weekUrl(query), vendor);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
    }
  });

  it("gives a slot's pick list over its live lines: units and grams, weighed or estimated", async () => {
    const sheet: SlotSheet = (await get(`${weekUrl()}/${pickupSlot.id}`, vendor)).json();
    expect(sheet.slot).toMatchObject({ id: pickupSlot.id, kind: 'pickup', orders: 3 });
    // Cal's 5 carrots were cancelled: not picked.
    expect(sheet.pickList).toEqual([
      // What the units count (decision 053): pieces of weighed goods, else the product's unit.
      {
        productId: beef.id,
        name: 'Beef brisket',
        units: 2,
        grams: 1600 + 1520,
        weighed: false,
        unit: 'piece',
        pack: null,
      },
      { productId: carrots.id, name: 'Rainbow carrots', units: 3, grams: null, weighed: false, unit: 'kg', pack: null },
    ]);
    expect(sheet.stops).toEqual([]);
  });

  it('gives a packing slip per live order with its shopper, items, note and place', async () => {
    const sheet: SlotSheet = (await get(`${weekUrl()}/${pickupSlot.id}`, vendor)).json();
    expect(sheet.packingSlips).toEqual([
      {
        orderId: orderOf['Ann Pickup'],
        orderNumber: numberOf['Ann Pickup'],
        shopper: { name: 'Ann Pickup', phone: checkoutDetails.phoneNumber, email: expect.stringContaining('@') },
        items: [
          { name: 'Beef brisket', amount: 1, estimatedGrams: 1600, actualGrams: null, unit: 'piece', pack: null },
          { name: 'Rainbow carrots', amount: 2, estimatedGrams: null, actualGrams: null, unit: 'kg', pack: null },
        ],
        note: 'Blue cool box',
        pickupPoint: { name: 'Saturday market', address: 'SW Park Ave & SW Montgomery St, Portland' },
        deliveryAddress: null,
      },
      expect.objectContaining({ orderId: orderOf['Ben Pickup'], note: null }),
    ]);
  });

  it('lists a delivery slot’s stops in order of postcode, then address', async () => {
    const sheet: SlotSheet = (await get(`${weekUrl()}/${deliverySlot.id}`, vendor)).json();
    expect(sheet.stops.map((s) => [s.postcode, s.address, s.name, s.orderNumber])).toEqual([
      ['97214', '1 Alder St, Portland', 'Fay Delivery', numberOf['Fay Delivery']],
      ['97214', '5 Alder St, Portland', 'Eve Delivery', numberOf['Eve Delivery']],
      ['97215', '9 Birch St, Portland', 'Dee Delivery', numberOf['Dee Delivery']],
    ]);
    expect(sheet.packingSlips[0].deliveryAddress).toEqual({ address: '9 Birch St, Portland', postcode: '97215' });
  });

  it('downloads the pick list and packing slips as CSV, formulas neutralized', async () => {
    await t.db
      .update(orderLines)
      .set({ itemName: '=HYPERLINK("http://evil")' })
      .where(eq(orderLines.orderId, orderOf['Eve Delivery']));
    const pick = await get(`${weekUrl()}/${pickupSlot.id}/pick-list/csv`, vendor);
    expect(pick.statusCode).toBe(200);
    expect(pick.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(pick.headers['content-disposition']).toMatch(/^attachment; filename="farmstall-pick-list-.*\.csv"$/);
    expect(parseCsv(pick.body)).toEqual([
      ['Product', 'Units', 'Grams', 'Weighed'],
      ['Beef brisket', '2', '3120', 'estimate'],
      ['Rainbow carrots', '3', '', ''],
    ]);

    const slips = parseCsv((await get(`${weekUrl()}/${deliverySlot.id}/packing-slips/csv`, vendor)).body);
    expect(slips[0]).toEqual([
      'Order',
      'Shopper',
      'Phone',
      'Email',
      'Slot',
      'Place',
      'Postcode',
      'Note',
      'Item',
      'Quantity',
      'Grams',
      'Weighed',
    ]);
    expect(slips.slice(1).map((row) => [row[0], row[1], row[5], row[6], row[8], row[9]])).toEqual([
      [numberOf['Dee Delivery'], 'Dee Delivery', '9 Birch St, Portland', '97215', 'Rainbow carrots', '1'],
      [numberOf['Eve Delivery'], 'Eve Delivery', '5 Alder St, Portland', '97214', `'=HYPERLINK("http://evil")`, '1'],
      [numberOf['Fay Delivery'], 'Fay Delivery', '1 Alder St, Portland', '97214', 'Rainbow carrots', '1'],
    ]);
    expect(slips[1][4]).toMatch(/^Wed, .*, 4:00 PM – 7:00 PM P[SD]T$/);
  });

  it('downloads the pick list and packing slips as PDFs showing the products and shoppers', async () => {
    const pick = await get(`${weekUrl()}/${pickupSlot.id}/pick-list/pdf`, vendor);
    expect(pick.statusCode).toBe(200);
    expect(pick.headers['content-type']).toBe('application/pdf');
    expect(pick.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pickText = pdfText(pick.rawPayload).join('\n');
    expect(pickText).toContain('Beef brisket');
    expect(pickText).toContain('about 3.1 kg');
    const slips = await get(`${weekUrl()}/${pickupSlot.id}/packing-slips/pdf`, vendor);
    expect(slips.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const slipText = pdfText(slips.rawPayload).join('\n');
    expect(slipText).toContain('Ann Pickup');
    expect(slipText).toContain(`Order ${numberOf['Ann Pickup']}`);
    expect(slipText).not.toContain(orderOf['Ann Pickup']);
    expect(slipText).toContain('Blue cool box');
    expect(slipText).toContain('2 of 2 orders');
    expect(slipText).not.toContain('Cal Pickup');
  });

  it('picks and packs each size apart, named and counted as bought (decision 052)', async () => {
    const farm = await shopWith(t);
    const slot = await openSlot(t, farm.id, 'pickup');
    const eggs = await createProduct(t, farm, {
      name: 'Eggs',
      options: [
        {
          label: 'Half dozen',
          priceCents: 350,
          draws: 6,
          unit: 'pack',
          pack: { label: 'box of 6', netQuantity: 6, netUnit: 'piece' },
        },
        { label: 'Dozen', priceCents: 650, draws: 12, unit: 'dozen' },
      ],
      pool: 60,
    });
    const [halfDozen, dozen] = eggs.optionIds;
    await buy(
      farm,
      slot.id,
      [
        [{ id: eggs.id, optionId: dozen }, 1],
        [{ id: eggs.id, optionId: halfDozen }, 2],
      ],
      { name: 'Gus Eggs' },
    );
    await buy(farm, slot.id, [[{ id: eggs.id, optionId: halfDozen }, 1]], { name: 'Hal Eggs' });
    // The farm sells its dozens by the piece afterwards: the sheets keep what was bought.
    await t.db.update(productOptions).set({ unit: 'piece' }).where(eq(productOptions.id, dozen));

    const sheet: SlotSheet = (await get(`/api/shops/${farm.id}/booked-slots/${slot.id}`, farm)).json();
    expect(sheet.pickList).toEqual([
      { productId: eggs.id, name: 'Eggs — Dozen', units: 1, grams: null, weighed: false, unit: 'dozen', pack: null },
      {
        productId: eggs.id,
        name: 'Eggs — Half dozen',
        units: 3,
        grams: null,
        weighed: false,
        unit: 'pack',
        pack: { label: 'box of 6', netQuantity: 6, netUnit: 'piece' },
      },
    ]);
    expect(sheet.packingSlips[0].items).toEqual([
      { name: 'Eggs — Dozen', amount: 1, estimatedGrams: null, actualGrams: null, unit: 'dozen', pack: null },
      {
        name: 'Eggs — Half dozen',
        amount: 2,
        estimatedGrams: null,
        actualGrams: null,
        unit: 'pack',
        pack: { label: 'box of 6', netQuantity: 6, netUnit: 'piece' },
      },
    ]);
    // pdfkit writes the em dash in WinAnsi (0x97), which pdfText reads as Latin-1.
    const textOf = async (sheetName: string) =>
      pdfText((await get(`/api/shops/${farm.id}/booked-slots/${slot.id}/${sheetName}/pdf`, farm)).rawPayload)
        .join('\n')
        .replaceAll('\x97', '—');
    expect(await textOf('pick-list')).toContain('Eggs — Dozen\n1 dozen\nEggs — Half dozen\n3 × box of 6');
    const slips = await textOf('packing-slips');
    expect(slips).toContain('Eggs — Half dozen ×2 × box of 6');
    expect(slips).toContain('Eggs — Dozen ×1 dozen');
  });
});

describe("who reads a shop's week", () => {
  const urls = () => [
    weekUrl(),
    `${weekUrl()}/${pickupSlot.id}`,
    `${weekUrl()}/${pickupSlot.id}/pick-list/csv`,
    `${weekUrl()}/${pickupSlot.id}/packing-slips/pdf`,
  ];

  it('is its vendor or an admin; signed out 401, a customer 403, another vendor 404', async () => {
    for (const url of urls()) {
      expect((await get(url, vendor)).statusCode, url).toBe(200);
      expect((await get(url, admin)).statusCode, url).toBe(200);
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, customer)).statusCode, url).toBe(403);
      const other = await get(url, otherShop);
      expect(other.statusCode, url).toBe(404);
      expect(other.json().error.code).toBe('NOT_FOUND');
    }
  });

  it("answers 404 for another shop's slot, an unknown slot id or an unbooked slot; 400 for another format", async () => {
    expect((await get(`${weekUrl()}/${otherSlotId}`, vendor)).statusCode).toBe(404);
    expect((await get(`${weekUrl()}/${otherSlotId}/pick-list/pdf`, vendor)).statusCode).toBe(404);
    expect((await get(`${weekUrl()}/not-a-slot`, vendor)).statusCode).toBe(404);
    const later = (await get(`/api/shops/${vendor.id}/slots`)).json().slots.at(-1).id;
    expect((await get(`${weekUrl()}/${later}`, vendor)).statusCode).toBe(404);
    expect((await get(`${weekUrl()}/${pickupSlot.id}/pick-list/xlsx`, vendor)).statusCode).toBe(400);
  });
});

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') [cell, i] = [`${cell}"`, i + 1];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') [row, cell] = [[...row, cell], ''];
    else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      [row, cell, i] = [[], '', i + 1];
    } else cell += c;
  }
  return rows;
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptAttachments } from './jobs/receipt-attachments.ts';
import { choose, nextFridayNoon, openSlot, setupClockedApp, shopWith } from './modules/checkout/fulfilment-fixtures.ts';
import { addToCart, confirmOrder, createProduct, payCart } from './modules/checkout/test-fixtures.ts';
import { setupUser, type TestUser } from './test/users.ts';

/**
 * The paper of every PDF is the admin's marketplace setting, US Letter until an admin picks A4 (issue 33, item 6;
 * decision 054): the routes and the receipt's attachment read it when they print.
 */

const t = setupClockedApp(nextFridayNoon);
const admin = setupUser(t, { role: 'admin' });
const shopper = setupUser(t);
let vendor: TestUser;
const dir = mkdtempSync(path.join(os.tmpdir(), 'farmstall-pdf-paper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// pdfinfo names the paper either way round (the statement is landscape).
const LETTER = /^(612 x 792|792 x 612) pts \(letter\)/;
const A4 = /^(595\.28 x 841\.89|841\.89 x 595\.28) pts \(A4\)/;

let payment: { _id: string };
let slotId: string;
beforeAll(async () => {
  vendor = await shopWith(t);
  const product = await createProduct(t, vendor, { name: 'Goat cheese', priceCents: 1250, stock: 10 });
  slotId = (await openSlot(t, vendor.id, 'pickup')).id;
  await addToCart(t, shopper, product.id, 1);
  expect((await choose(t, shopper, vendor.id, { slotId })).statusCode).toBe(200);
  const { intent } = await payCart(t, shopper);
  payment = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
});

const setPaper = (user: TestUser, paperSize: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/marketplace',
    headers: user.auth,
    payload: { distanceUnit: 'mi', paperSize },
  });

const pageSize = (pdf: Buffer, name: string) => {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return /Page size:\s+(.*)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
};

/** Each PDF as its reader downloads it: the shopper's invoice and receipt, the shop's sheets and statement. */
async function documents() {
  const get = async (url: string, user: TestUser) => {
    const response = await t.app.inject({ method: 'GET', url, headers: user.auth });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response.rawPayload;
  };
  const month = nextFridayNoon().toISOString().slice(0, 7);
  const attach = receiptAttachments(t.db, t.config.contact);
  const [attachment] = await attach({ kind: 'order_placed', paymentId: payment._id } as never, shopper.id);
  const sheets = `/api/shops/${vendor.id}/booked-slots/${slotId}`;
  return {
    invoice: await get(`/api/invoice/${payment._id}/pdf`, shopper),
    receipt: attachment.content as Buffer,
    'pick-list': await get(`${sheets}/pick-list/pdf`, vendor),
    'packing-slips': await get(`${sheets}/packing-slips/pdf`, vendor),
    statement: await get(`/api/payouts/statements/${month}/pdf`, vendor),
  };
}

describe('the paper of every PDF', () => {
  it('is US Letter until an admin picks A4', async () => {
    expect((await t.app.inject({ url: '/api/marketplace' })).json()).toMatchObject({ paperSize: 'letter' });
    for (const [name, pdf] of Object.entries(await documents())) expect(pageSize(pdf, name), name).toMatch(LETTER);
  });

  it('is only the admin’s to change, and only to US Letter or A4', async () => {
    for (const user of [shopper, vendor]) expect((await setPaper(user, 'a4')).statusCode).toBe(403);
    const legal = await setPaper(admin, 'legal');
    expect(legal.statusCode).toBe(400);
    expect(legal.body).toContain('Choose US Letter or A4');
    expect((await t.app.inject({ url: '/api/marketplace' })).json()).toMatchObject({ paperSize: 'letter' });
  });

  it('is A4 on the next invoice, receipt, pick list, packing slips and statement once the admin picks A4', async () => {
    const saved = await setPaper(admin, 'a4');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ distanceUnit: 'mi', shopApproval: false, paperSize: 'a4' });
    expect((await t.app.inject({ url: '/api/marketplace' })).json()).toMatchObject({ paperSize: 'a4' });
    for (const [name, pdf] of Object.entries(await documents())) expect(pageSize(pdf, `${name}-a4`), name).toMatch(A4);

    // Saving another setting keeps the paper.
    const distances = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/marketplace',
      headers: admin.auth,
      payload: { distanceUnit: 'km' },
    });
    expect(distances.json()).toMatchObject({ distanceUnit: 'km', paperSize: 'a4' });
  });
});

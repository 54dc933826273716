import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationEvent } from '#contract/notifications.ts';
import { INVOICE_NOTES } from '#contract/orders.ts';
import { setupTestApp } from '../../test/app.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { productOptions } from '../catalog/tables.ts';
import { addToCart, checkoutDetails, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { describe as render } from '../notifications/render.ts';
import { notificationOutbox } from '../notifications/tables.ts';
import { moveOrder } from './order-fixtures.ts';

const t = setupTestApp();
const vendor = setupUser(t, { role: 'vendor' });
const shopper = setupUser(t);
let payment: { _id: string; transactionId: string; invoiceNumber: string; orderNumber: string };
beforeAll(async () => {
  const product = await createProduct(t, vendor, { name: 'Goat cheese', priceCents: 1250, stock: 10 });
  await addToCart(t, shopper, product.id, 2);
  const { intent } = await payCart(t, shopper);
  payment = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
});

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.auth });

async function cancelPart(owner: TestUser, orderId: string) {
  const response = await moveOrder(t, owner, orderId, 'cancelled');
  expect(response.statusCode).toBe(200);
}

describe('invoice', () => {
  it('has everything the spec lists', async () => {
    const response = await get(`/api/invoice/${payment._id}`, shopper);
    expect(response.statusCode).toBe(200);
    const invoice = response.json();
    expect(invoice).toMatchObject({
      invoiceNumber: payment.invoiceNumber,
      orderNumber: payment.orderNumber,
      company: { name: 'Farmstall' },
      billTo: {
        name: checkoutDetails.name,
        address: checkoutDetails.address,
        phone: checkoutDetails.phoneNumber,
        email: shopper.email,
      },
      payment: { method: 'Visa •••• 4242', status: 'pending' },
      items: [{ name: 'Goat cheese', unitPrice: 12.5, unit: 'kg', quantity: 2, totalAmount: 25 }],
      grandTotal: 25,
      notes: [...INVOICE_NOTES],
    });
    expect(Date.parse(invoice.date)).not.toBeNaN();
  });

  it('downloads as a real PDF', async () => {
    const response = await get(`/api/invoice/${payment._id}/pdf`, shopper);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`farmstall-invoice-${payment.invoiceNumber}.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.subarray(-6).toString()).toContain('%%EOF');
  });

  it('is for its buyer and admins only', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const other = await createUser(t);
    expect((await get(`/api/invoice/${payment._id}`)).statusCode).toBe(401);
    expect((await get(`/api/invoice/${payment._id}/pdf`)).statusCode).toBe(401);
    expect((await get(`/api/invoice/${payment._id}`, other)).statusCode).toBe(403);
    expect((await get(`/api/invoice/${payment._id}/pdf`, other)).statusCode).toBe(403);
    expect((await get(`/api/invoice/${payment._id}`, admin)).statusCode).toBe(200);
    expect((await get('/api/invoice/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    expect((await get('/api/invoice/not-an-id', admin)).statusCode).toBe(400);
  });
});

describe('invoice of an order a shop cancelled', () => {
  it('shows what was refunded, its status and the net paid, on the page and in the PDF', async () => {
    const buyer = await createUser(t);
    const dairy = await createUser(t, { role: 'vendor' });
    const cheese = await createProduct(t, vendor, { name: 'Blue cheese', priceCents: 800, stock: 10 });
    const milk = await createProduct(t, dairy, { name: 'Raw milk', priceCents: 325, stock: 10 });
    await addToCart(t, buyer, cheese.id, 1);
    await addToCart(t, buyer, milk.id, 2);
    const { intent } = await payCart(t, buyer);
    const paid = (await confirmOrder(t, buyer, intent.paymentIntentId)).json();
    await cancelPart(dairy, paid.orderId);

    const invoice = (await get(`/api/invoice/${paid._id}`, buyer)).json();
    expect(invoice).toMatchObject({
      payment: { status: 'pending' },
      grandTotal: 14.5,
      refunded: 6.5,
      refundPending: 0,
      netPaid: 8,
    });
    // Lines bought together are listed in no particular order.
    expect(invoice.items).toHaveLength(2);
    expect(invoice.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Blue cheese', status: 'pending', refund: null }),
        expect.objectContaining({
          name: 'Raw milk',
          status: 'cancelled',
          refund: { amount: 6.5, status: 'succeeded' },
        }),
      ]),
    );
    const shop = invoice.items.find((item: { name: string }) => item.name === 'Raw milk').shopName;
    expect(invoice.refunds).toEqual([
      expect.objectContaining({ amount: 6.5, description: `Raw milk ×2 (${shop}), cancelled by the shop` }),
    ]);

    const text = pdfText((await get(`/api/invoice/${paid._id}/pdf`, buyer)).rawPayload);
    expect(text).toContain('Status: pending');
    expect(text).toContain('Refunded: $6.50');
    expect(text).toContain('Cancelled · $6.50 Refunded');
    expect(text).toContain(`Refund: Raw milk ×2 (${shop}), cancelled by the shop · Refunded`);
    expect(text).toContain('-$6.50');
    expect(text).toContain('Net paid');
    expect(text).toContain('$8.00');
  });

  it('says cancelled, not complete, once every shop cancelled', async () => {
    const buyer = await createUser(t);
    const product = await createProduct(t, vendor, { name: 'Sourdough', priceCents: 550, stock: 10 });
    await addToCart(t, buyer, product.id, 1);
    const { intent } = await payCart(t, buyer);
    const paid = (await confirmOrder(t, buyer, intent.paymentIntentId)).json();
    await cancelPart(vendor, paid.orderId);

    const invoice = (await get(`/api/invoice/${paid._id}`, buyer)).json();
    expect(invoice).toMatchObject({ payment: { status: 'cancelled' }, refunded: 5.5, netPaid: 0 });
    const text = pdfText((await get(`/api/invoice/${paid._id}/pdf`, buyer)).rawPayload);
    expect(text).toContain('Status: cancelled');
    expect(text).not.toContain('Status: complete');
  });
});

describe('an order of sizes (decision 052)', () => {
  it('names each size and counts it in the unit bought on the invoice, its PDF, the history and the e-mail', async () => {
    const buyer = await createUser(t);
    const eggs = await createProduct(t, vendor, {
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
    await addToCart(t, buyer, eggs.id, 1, dozen);
    await addToCart(t, buyer, eggs.id, 2, halfDozen);
    const { intent } = await payCart(t, buyer);
    const paid = (await confirmOrder(t, buyer, intent.paymentIntentId)).json();
    // The farm sells its dozens by the piece afterwards: what was bought stays as bought.
    await t.db.update(productOptions).set({ unit: 'piece' }).where(eq(productOptions.id, dozen));

    const invoice = (await get(`/api/invoice/${paid._id}`, buyer)).json();
    // Lines of one order share their time: in no set order.
    const byName = <T extends Record<string, unknown>>(items: T[], key: string) =>
      items.toSorted((a, b) => String(a[key]).localeCompare(String(b[key])));
    expect(byName(invoice.items, 'name')).toEqual([
      expect.objectContaining({ name: 'Eggs — Dozen', unitPrice: 6.5, unit: 'dozen', pack: null, quantity: 1 }),
      expect.objectContaining({
        name: 'Eggs — Half dozen',
        unitPrice: 3.5,
        unit: 'pack',
        pack: { label: 'box of 6', netQuantity: 6, netUnit: 'piece' },
        quantity: 2,
        totalAmount: 7,
      }),
    ]);
    // pdfkit writes the em dash in WinAnsi (0x97), which pdfText reads as Latin-1.
    const text = pdfText((await get(`/api/invoice/${paid._id}/pdf`, buyer)).rawPayload).map((line) =>
      line.replaceAll('\x97', '—'),
    );
    expect(text).toContain('Eggs — Dozen');
    expect(text).toContain('1 dozen');
    expect(text).toContain('2 × box of 6');

    const history = await get(`/api/customerPayments/${encodeURIComponent(buyer.email)}`, buyer);
    expect(byName(history.json().items[0].productIds, 'itemName')).toEqual([
      expect.objectContaining({ itemName: 'Eggs — Dozen', optionId: dozen, optionLabel: 'Dozen', unit: 'dozen' }),
      expect.objectContaining({ itemName: 'Eggs — Half dozen', optionId: halfDozen, unit: 'pack' }),
    ]);

    const [row] = await t.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.userId, buyer.id),
          eq(notificationOutbox.kind, 'order_placed'),
          eq(notificationOutbox.channel, 'email'),
        ),
      );
    const rows = render(row.payload as NotificationEvent).table.flatMap((part) => part.rows.map(([label]) => label));
    expect(rows).toContain('Eggs — Dozen ×1 dozen');
    expect(rows).toContain('Eggs — Half dozen ×2 × box of 6');
    const received = await t.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, vendor.id), eq(notificationOutbox.kind, 'order_received')));
    const shopRows = received
      .map((r) => render(r.payload as NotificationEvent))
      .flatMap((message) => message.table.flatMap((part) => part.rows.map(([label]) => label)));
    expect(shopRows).toContain('Eggs — Half dozen ×2 × box of 6');
  });
});

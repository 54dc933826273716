import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { setupUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';

const t = setupTestApp();
const vendor = setupUser(t, { role: 'vendor' });
const shopper = setupUser(t);
let paymentId: string;
beforeAll(async () => {
  const product = await createProduct(t, vendor, { name: 'Goat cheese', priceCents: 1250, stock: 10 });
  await addToCart(t, shopper, product.id, 1);
  const { intent } = await payCart(t, shopper);
  paymentId = (await confirmOrder(t, shopper, intent.paymentIntentId)).json()._id;
});

describe('the notes of an invoice of an order paid by card', () => {
  it('say it is paid and threaten no charge, on the page and in the PDF', async () => {
    const invoice = (await t.app.inject({ url: `/api/invoice/${paymentId}`, headers: shopper.auth })).json();
    expect(invoice.payment.method).toBe('Visa •••• 4242');
    expect(invoice.notes).toContain('Paid in full by card at checkout: nothing is owed on this invoice.');
    expect(invoice.notes.join(' ')).not.toMatch(/finance charge|unpaid/i);

    const pdf = await t.app.inject({ url: `/api/invoice/${paymentId}/pdf`, headers: shopper.auth });
    const text = pdfText(pdf.rawPayload).join('\n');
    expect(text).toContain('Paid in full by card at checkout');
    expect(text).not.toMatch(/finance charge|unpaid/i);
  });
});

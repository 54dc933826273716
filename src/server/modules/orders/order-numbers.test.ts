import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';

const t = setupTestApp();
const vendor = setupUser(t, { role: 'vendor' });
const admin = setupUser(t, { role: 'admin' });

type Payment = { _id: string; orderId: string; orderNumber: string; invoiceNumber: string; transactionId: string };

async function buy(shopper: TestUser): Promise<Payment> {
  const product = await createProduct(t, vendor, { name: 'Leeks', priceCents: 300, stock: 100 });
  await addToCart(t, shopper, product.id, 1);
  const { intent } = await payCart(t, shopper);
  return (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
}

const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.auth });
const numbersOf = (page: { items: { orderNumber: string }[] }) => page.items.map((item) => item.orderNumber);
const digits = (number: string) => Number(number.replace(/^\D+/, ''));

describe('order numbers', () => {
  it('numbers each order FS-… and its invoice INV-…, one after the other, apart from the payment id', async () => {
    const shopper = await createUser(t);
    const first = await buy(shopper);
    const second = await buy(shopper);
    expect(first.orderNumber).toMatch(/^FS-1\d{4,}$/);
    expect(first.invoiceNumber).toMatch(/^INV-1\d{4,}$/);
    expect(digits(second.orderNumber)).toBe(digits(first.orderNumber) + 1);
    expect(digits(second.invoiceNumber)).toBe(digits(first.invoiceNumber) + 1);

    const invoice = (await get(`/api/invoice/${second._id}`, shopper)).json();
    expect(invoice).toMatchObject({ invoiceNumber: second.invoiceNumber, orderNumber: second.orderNumber });
    expect(invoice.invoiceNumber).not.toContain(second.transactionId);
  });

  it('prints both numbers on the invoice PDF and names the file by the invoice number', async () => {
    const shopper = await createUser(t);
    const payment = await buy(shopper);
    const pdf = await get(`/api/invoice/${payment._id}/pdf`, shopper);
    expect(pdf.headers['content-disposition']).toContain(`farmstall-invoice-${payment.invoiceNumber}.pdf`);
    const text = pdfText(pdf.rawPayload).join('\n');
    expect(text).toContain(`Invoice number: ${payment.invoiceNumber}`);
    expect(text).toContain(`Order: ${payment.orderNumber}`);
  });

  it('shows the number in the history, the tracking, the vendor’s orders and the admin’s orders', async () => {
    const shopper = await createUser(t);
    const payment = await buy(shopper);
    expect(numbersOf((await get(`/api/customerPayments/${shopper.email}`, shopper)).json())).toEqual([
      payment.orderNumber,
    ]);
    expect((await get(`/api/orders/${payment.orderId}/tracking`, shopper)).json().orderNumber).toBe(
      payment.orderNumber,
    );
    expect(numbersOf((await get('/api/vendor/orders?limit=100', vendor)).json())).toContain(payment.orderNumber);
    expect(numbersOf((await get('/api/orders?limit=100', admin)).json())).toContain(payment.orderNumber);
  });

  it('finds an order by its number, typed FS-10234 or 10234, in the history, the vendor’s and the admin’s orders', async () => {
    const shopper = await createUser(t);
    const wanted = await buy(shopper);
    await buy(shopper);
    const n = digits(wanted.orderNumber);
    for (const q of [wanted.orderNumber, `${n}`, ` fs-${n} `]) {
      const query = `?q=${encodeURIComponent(q)}`;
      const history = (await get(`/api/customerPayments/${shopper.email}${query}`, shopper)).json();
      expect(history).toMatchObject({ total: 1 });
      expect(numbersOf(history)).toEqual([wanted.orderNumber]);
      expect(numbersOf((await get(`/api/vendor/orders${query}`, vendor)).json())).toEqual([wanted.orderNumber]);
      expect(numbersOf((await get(`/api/orders${query}`, admin)).json())).toEqual([wanted.orderNumber]);
    }
    const none = (await get(`/api/customerPayments/${shopper.email}?q=FS-1`, shopper)).json();
    expect(none).toMatchObject({ total: 0, items: [] });
  });

  it('finds nothing of another shopper’s or another shop’s by number', async () => {
    const shopper = await createUser(t);
    const payment = await buy(shopper);
    const other = await createUser(t);
    const otherVendor = await createUser(t, { role: 'vendor' });
    const query = `?q=${payment.orderNumber}`;
    expect((await get(`/api/customerPayments/${other.email}${query}`, other)).json().total).toBe(0);
    expect((await get(`/api/vendor/orders${query}`, otherVendor)).json().total).toBe(0);
  });

  it('lets the admin find orders by the buyer’s name or e-mail too', async () => {
    const shopper = await createUser(t);
    const payment = await buy(shopper);
    const byEmail = (await get(`/api/orders?q=${encodeURIComponent(shopper.email.toUpperCase())}`, admin)).json();
    expect(numbersOf(byEmail)).toEqual([payment.orderNumber]);
  });
});

import { describe, expect, it } from 'vitest';
import { INVOICE_NOTES } from '#contract/orders.ts';
import { RETURNS_POLICY } from '#contract/policies.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { setupTestApp } from '../../test/app.ts';
import { setupUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';

const configured = {
  CONTACT_ADDRESS: '12 Harbour Road, Cork T12 X5R2, Ireland',
  CONTACT_PHONE: '+353 21 555 0199',
  CONTACT_EMAIL: 'help@shop.example',
  CONTACT_HOURS: '8:00 - 17:00, Mon - Fri',
};

describe('contact details from configuration', () => {
  const t = setupTestApp(configured);
  const vendor = setupUser(t, { role: 'vendor' });
  const shopper = setupUser(t);

  it('GET /api/contact/details answers anyone with the configured set', async () => {
    const response = await t.app.inject('/api/contact/details');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      address: configured.CONTACT_ADDRESS,
      phone: configured.CONTACT_PHONE,
      email: configured.CONTACT_EMAIL,
      hours: configured.CONTACT_HOURS,
    });
  });

  it('heads the invoice with the same set, and its notes state the one returns policy', async () => {
    const product = await createProduct(t, vendor, { name: 'Rye loaf', priceCents: 600, stock: 5 });
    await addToCart(t, shopper, product.id, 1);
    const { intent } = await payCart(t, shopper);
    const payment = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
    const invoice = (await t.app.inject({ url: `/api/invoice/${payment._id}`, headers: shopper.auth })).json();
    expect(invoice.company).toMatchObject({
      address: configured.CONTACT_ADDRESS,
      phone: configured.CONTACT_PHONE,
      email: configured.CONTACT_EMAIL,
    });
    expect(invoice.notes).toEqual([...INVOICE_NOTES]);
    expect(invoice.notes).toContain(RETURNS_POLICY.text);
    // The policy is the only note about returns or refunds: nothing else on the invoice contradicts it.
    expect(invoice.notes.filter((note: string) => /refund|return/i.test(note))).toEqual([RETURNS_POLICY.text]);
  });
});

describe('contact settings', () => {
  it('default to one consistent set in one country (a US address with a +1 phone)', () => {
    const { contact } = loadConfig({});
    expect(contact.address).toMatch(/, United States$/);
    expect(contact.phone).toMatch(/^\+1 \d{3}-\d{3}-\d{4}$/);
    expect(contact.email).toMatch(/^[^@\s]+@farmstall\.example$/);
  });

  it('refuse an e-mail that is not one', () => {
    expect(() => loadConfig({ CONTACT_EMAIL: 'not-an-address' })).toThrow(ConfigError);
    expect(() => loadConfig({ CONTACT_EMAIL: 'not-an-address' })).toThrow(/CONTACT_EMAIL/);
  });
});

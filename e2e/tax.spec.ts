import { checkA11y, choosePickupSlots, expect, test } from './fixtures.ts';
import { bearer, registerCustomer, signInWith, tokenOf } from './helpers.ts';
import { dollars, type Product } from './order-fixtures.ts';

/**
 * Tax lines (decision 028): the admin sets a category's rate, a shopper sees the tax in the cart, on the payment page
 * and on the invoice, and pays the total with it. The tax is one setting for the whole marketplace, so this journey
 * runs in the "marketplace settings" project, after every other journey (playwright.config.ts), and puts the
 * setting back as it found it.
 */
const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };

type TaxSetting = { pricesIncludeTax: boolean; rates: { category: string; label: string; percent: number }[] };

const inputOf = (setting: TaxSetting) => ({
  pricesIncludeTax: setting.pricesIncludeTax,
  rates: Object.fromEntries(setting.rates.map((rate) => [rate.category, rate.percent])),
});

test('the admin taxes a category at 8.25%; the shopper sees it in the cart, pays it and finds it on the invoice', async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, ADMIN);
  const before = (await (await request.get('/api/admin/tax', { headers: bearer(admin) })).json()).current as TaxSetting;
  try {
    // A product in stock sold by the piece.
    const listed = await request.get('/api/allProducts?limit=100');
    type Listed = Product & { productCategory: string; soldByWeight?: boolean };
    const product = ((await listed.json()) as Listed[]).find(
      (p) => p.productQuantity.value >= 3 && !p.expired && !p.soldByWeight && p.sizes.count === 1,
    );
    expect(product, 'a product in stock sold by the piece').toBeTruthy();
    const category = (product as Listed).productCategory;
    const label = before.rates.find((rate) => rate.category === category)?.label as string;

    // The admin sets the rate on the Tax page, prices without tax.
    await signInWith(page, admin);
    await page.goto('/dashboard/tax');
    await expect(page.getByRole('heading', { name: 'Tax', exact: true })).toBeVisible();
    const included = page.getByLabel('Prices include tax (otherwise tax is added at checkout)');
    if (await included.isChecked()) await included.uncheck();
    await page.getByLabel(`${label} (%)`).fill('31');
    await page.getByRole('button', { name: 'Save tax' }).click();
    await expect(page.getByText('A tax rate is at most 30%')).toBeVisible();
    await page.getByLabel(`${label} (%)`).fill('8.25');
    await page.getByRole('button', { name: 'Save tax' }).click();
    await expect(page.getByText('The new tax applies to orders placed from now on')).toBeVisible();
    await expect(page.getByText(new RegExp(`Now: .*${label} 8\\.25%`))).toBeVisible();
    await checkA11y(page);

    const shopper = await registerCustomer(request, 'tax');
    const added = await request.post('/api/carts', {
      headers: bearer(shopper.token),
      data: { productId: product?._id, amount: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    await choosePickupSlots(request, shopper.token);
    // What the line costs (a deal or a markdown may apply), then 8.25% of it, rounded half up to the cent.
    const cart = await request.get(`/api/carts?email=${encodeURIComponent(shopper.email)}`, {
      headers: bearer(shopper.token),
    });
    const [line] = (await cart.json()) as { spendMoney: number; taxPercent?: number }[];
    expect(line.taxPercent).toBe(8.25);
    const priceCents = Math.round(line.spendMoney * 100);
    const taxCents = Math.floor((priceCents * 825 + 5000) / 10000);
    const tax = dollars(taxCents / 100);
    const total = dollars((priceCents + taxCents) / 100);

    await signInWith(page, shopper.token);
    await page.goto('/dashboard/userCart');
    const taxLine = `Tax 8.25% on ${dollars(priceCents / 100)}`;
    await expect(page.getByText(taxLine).first()).toBeVisible();
    await expect(page.getByText(tax).first()).toBeVisible();
    await expect(page.getByText(total).first()).toBeVisible();
    await checkA11y(page);

    // The payment page charges the total with the tax.
    await page.goto('/dashboard/userPayment');
    await expect(page.getByText(taxLine).first()).toBeVisible();
    await expect(page.getByText(total).first()).toBeVisible();
    const intent = await request.post('/api/customer-payment', { headers: bearer(shopper.token), data: {} });
    expect(intent.ok(), await intent.text()).toBe(true);
    const { paymentIntentId, clientSecret } = await intent.json();
    const paid = await request.post('/api/payments/sandbox/confirm', {
      headers: bearer(shopper.token),
      data: { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    const order = await request.post('/api/customerPayments', {
      headers: bearer(shopper.token),
      data: { name: 'Tess Tracker', phoneNumber: '+1 503 555 0142', address: '7 Orchard Road, Salem', paymentIntentId },
    });
    expect(order.ok(), await order.text()).toBe(true);
    const payment = await order.json();
    expect(dollars(payment.price)).toBe(total);

    // The invoice names the rate, the base and the tax, and its total is what the card paid.
    await page.goto(`/dashboard/invoice/${payment._id}`);
    const sheet = page.locator('.invoice-sheet');
    await expect(sheet.getByRole('heading', { name: 'Invoice' })).toBeVisible();
    await expect(sheet.getByText(taxLine)).toBeVisible();
    await expect(sheet.getByText(tax).first()).toBeVisible();
    await expect(sheet.getByText(total).first()).toBeVisible();
    await checkA11y(page);
  } finally {
    const restored = await request.put('/api/admin/tax', { headers: bearer(admin), data: inputOf(before) });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});

import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { checkA11y, choosePickupSlots, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, registerCustomer, shot, signInWith, tokenOf, unique } from './helpers.ts';

/** The money path in a real browser: cart, coupon, card payment, history, invoice, premium membership. */

const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };
/** Where E2E_SCREENSHOTS asks for pictures (the invoice's PDF too); CI takes none. */
const SHOTS = process.env.E2E_SCREENSHOTS ?? '';
const PEAR_PICTURE = 'node_modules/@lobehub/fluent-emoji-3d/assets/1f350.webp';

type Product = {
  _id: string;
  productName: string;
  shopId: string;
  shopName: string;
  productImage: string;
  productQuantity: { value: number };
  expired: boolean;
  /** Its sizes (decision 052): a card with several links to the picker instead of adding. */
  sizes: { count: number };
};

/** Demo products in stock, not expired, from at least two shops. */
async function productsInStock(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/allProducts?limit=60');
  expect(response.ok()).toBe(true);
  const products = ((await response.json()) as Product[]).filter(
    (p) => p.productQuantity.value >= 5 && !p.expired && p.sizes.count === 1,
  );
  expect(new Set(products.map((p) => p.shopId)).size).toBeGreaterThanOrEqual(2);
  return products;
}

async function addThroughApi(request: APIRequestContext, token: string, productId: string, amount = 1) {
  const response = await request.post('/api/carts', { headers: bearer(token), data: { productId, amount } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

test('a customer fills a cart from two shops, uses a coupon, pays and gets the invoice as a PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const adminToken = await tokenOf(request, ADMIN);
  const code = `E2E${unique().toUpperCase()}`.replace(/[^A-Z0-9]/g, '');
  const coupon = await request.post('/api/coupons', {
    headers: bearer(adminToken),
    data: { code, kind: 'percent', value: 10 },
  });
  expect(coupon.ok(), await coupon.text()).toBe(true);

  const shopper = await registerCustomer(request, 'nora', { name: 'Nora' });
  const products = await productsInStock(request);
  const [detailProduct, cardProduct] = [products[0], products.find((p) => p.shopId !== products[0].shopId) as Product];
  const others = products.filter((p) => p !== detailProduct && p !== cardProduct).slice(0, 5);

  // Sign in through the form, then add from the product page (stepper) and from a product card (one unit).
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: /sign in|login|log in/i }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`/productDetails/${detailProduct._id}`);
  await page.getByRole('button', { name: 'One more' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(detailProduct.productName, { exact: false }).first()).toBeVisible();
  await expect(page.locator('.Toastify').getByText(detailProduct.productName)).toBeVisible();
  await checkA11y(page);

  await page.goto(`/search?q=${encodeURIComponent(cardProduct.productName)}`);
  await page
    .getByRole('button', { name: `Add ${cardProduct.productName} to cart` })
    .first()
    .click();
  await expect(page.locator('.Toastify').getByText(cardProduct.productName)).toBeVisible();

  for (const product of others) await addThroughApi(request, shopper.token, product._id);
  const lines = 2 + others.length;
  await choosePickupSlots(request, shopper.token);

  // The cart: 5 rows a page, a second page, a line removed with the spec's dialogs.
  await page.goto('/dashboard/userCart');
  await expect(page.getByText(`There are ${lines} products in your cart`)).toBeVisible();
  const rows = page.getByRole('region', { name: 'Cart items' }).locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await checkA11y(page);
  await shot(page, 'h4-cart');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(rows).toHaveCount(lines - 5);
  await page.getByRole('button', { name: 'Prev' }).click();
  await expect(rows).toHaveCount(5);

  const removed = others[others.length - 1];
  await page.getByRole('button', { name: 'Page 2' }).click();
  await page.getByRole('button', { name: `Remove ${removed.productName}` }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByRole('heading', { name: 'Deleted!' })).toBeVisible();
  await expect(page.getByText('Your Cart Item has been deleted.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`There are ${lines - 1} products in your cart`)).toBeVisible();

  // A wrong code says why; the real one gives 10% off.
  await page.getByLabel('Coupon', { exact: true }).fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This coupon code does not exist.')).toBeVisible();
  await page.getByLabel('Coupon', { exact: true }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`${code} applied: 10% off.`)).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText(`Coupon ${code}`)).toBeVisible();
  // Pickup at every shop: no delivery fee is added.
  await expect(summary.getByText(/^Pickup · /).first()).toBeVisible();
  await expect(summary.getByText('Not chosen')).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'h4-cart-coupon');

  await page.getByRole('link', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/userPayment$/);
  await expect(page.getByRole('region', { name: 'Your order' }).getByText(`Coupon ${code}`)).toBeVisible();

  // Required fields first, then a bad card number, then the good card.
  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByLabel('Name').fill('Nora Shopper');
  await page.getByLabel('Phone Number').fill('+1 503 555 0142');
  await page.getByLabel('Delivery Address').fill('7 Orchard Lane, Portland');
  await fillCard(page, '4242 4242 4242 4241');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.locator('#card-error')).toHaveText('Your card number is invalid.');
  await checkA11y(page);
  await fillCard(page, '4242 4242 4242 4242');
  await shot(page, 'h4-checkout');
  await page.getByRole('button', { name: /^Pay / }).click();

  const receipt = page.locator('.Toastify').getByText(/^Your Payment is successful\. Your order number is FS-\d+\.$/);
  await expect(receipt).toBeVisible();
  const orderNumber = /FS-\d+/.exec((await receipt.textContent()) ?? '')?.[0] ?? '';
  await expect(page).toHaveURL(/\/dashboard\/userPaymentHistory$/);
  await expect(page.getByRole('heading', { name: 'Transaction History List: 1' })).toBeVisible();
  const row = page.locator('tbody tr').first();
  await expect(row.getByText(orderNumber, { exact: true })).toBeVisible();
  await expect(row.getByText('pending', { exact: true })).toBeVisible();
  await expect(row.getByText(/^pi_sb_/)).toBeVisible();
  await checkA11y(page);
  await shot(page, 'h4-history');

  // The cart is empty now.
  const cart = await request.get(`/api/carts?email=${encodeURIComponent(shopper.email)}`, {
    headers: bearer(shopper.token),
  });
  expect(await cart.json()).toEqual([]);

  await row.getByRole('link', { name: /Invoice/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoice\//);
  const sheet = page.locator('.invoice-sheet');
  await expect(sheet.getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(sheet.getByText(/^Invoice number: INV-\d+$/)).toBeVisible();
  await expect(sheet.getByText(`Order: ${orderNumber}`)).toBeVisible();
  await expect(sheet.getByText('Nora Shopper')).toBeVisible();
  await expect(sheet.getByText('7 Orchard Lane, Portland')).toBeVisible();
  await expect(sheet.getByText('Visa •••• 4242')).toBeVisible();
  await expect(sheet.getByText(detailProduct.productName)).toBeVisible();
  await expect(sheet.getByText('Grand Total')).toBeVisible();
  await expect(sheet.getByText('All amounts are in US dollars.')).toBeVisible();
  await checkA11y(page);
  await shot(page, 'h4-invoice');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^farmstall-invoice-INV-\d+\.pdf$/);
  const pdf = readFileSync((await file.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Print: the print stylesheet keeps the invoice and drops the site's navbar, menu and buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('body > div header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet).toBeVisible();
  await shot(page, 'h4-invoice-print-view');
  if (SHOTS) await page.pdf({ path: `${SHOTS}/h4-invoice-print.pdf`, format: 'A4' });
  await page.emulateMedia({ media: 'screen' });

  // The customer home counts the purchase.
  await page.goto('/dashboard/userHome');
  await expect(page.getByText('Total shopping items')).toBeVisible();
  await expect(page.getByText('0 of 1 orders delivered')).toBeVisible();
  await checkA11y(page);
});

test('a declined card shows its error and keeps the cart', async ({ page, request }) => {
  const shopper = await registerCustomer(request, 'dana', { name: 'Dana' });
  const [product] = await productsInStock(request);
  await addThroughApi(request, shopper.token, product._id);
  await choosePickupSlots(request, shopper.token);
  await signInWith(page, shopper.token);

  await page.goto('/dashboard/userPayment');
  await page.getByLabel('Name').fill('Dana Declined');
  await page.getByLabel('Phone Number').fill('+1 503 555 0100');
  await page.getByLabel('Delivery Address').fill('1 Test Lane, Portland');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay / }).click();
  const cardError = page.locator('#card-error');
  await expect(cardError).toHaveText('Your card was declined.');
  await expect(cardError).toHaveClass(/text-error/);
  await checkA11y(page);
  await shot(page, 'h4-declined');

  await page.goto('/dashboard/userCart');
  await expect(page.getByText('There is 1 product in your cart')).toBeVisible();
  const history = await request.get(`/api/customerPayments/${encodeURIComponent(shopper.email)}`, {
    headers: bearer(shopper.token),
  });
  expect((await history.json()).total).toBe(0);
});

test('a vendor buys the premium membership and then lists a sixth product', async ({ page, request }) => {
  const owner = await registerCustomer(request, 'vera', { name: 'Vera' });
  const [sample] = await productsInStock(request);
  const becameVendor = await request.patch(`/api/users/email/${encodeURIComponent(owner.email)}`, {
    headers: bearer(owner.token),
    data: {
      shop: `Vera's Orchard ${unique()}`,
      date: '2019-05-01',
      address: '3 Hill Road, Salem',
      phone: '+1 503 555 0177',
      image: sample.productImage,
    },
  });
  expect(becameVendor.ok(), await becameVendor.text()).toBe(true);
  const token = await tokenOf(request, owner);
  for (let i = 1; i <= 5; i += 1) {
    const created = await request.post('/api/products', {
      headers: bearer(token),
      data: {
        productName: `Orchard pears ${i}`,
        productDetails: 'Juicy pears picked this week.',
        productCategory: 'fruit',
        productQuantity: 20,
        productionCost: 2,
        profitMargin: 25,
        productManufacturingDate: '2026-01-01',
        productExpireDate: dayFromToday(365),
        productImage: sample.productImage,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
  await signInWith(page, token);

  // At the limit: the add form is replaced by the spec's message.
  await page.goto('/dashboard/addProduct');
  await expect(page.getByText('You are not able to add more products.', { exact: false })).toBeVisible();

  await page.goto('/dashboard/payment');
  await expect(page.getByText('$1000', { exact: true })).toBeVisible();
  await checkA11y(page);
  await fillCard(page, '4242 4242 4242 4242');
  await shot(page, 'h4-premium');
  await page.getByRole('button', { name: 'Pay $1000' }).click();
  await expect(page.locator('.Toastify').getByText('Payment is successful')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/vendorHome$/);
  await expect(page.getByText('premium', { exact: true })).toBeVisible();

  // The limit is gone: a sixth product through the add form.
  await page.goto('/dashboard/addProduct');
  await page.getByLabel('Product Name').fill('Orchard pears 6');
  await page.getByLabel('Product Description').fill('The sixth product of a premium shop.');
  await page.getByLabel('Category').selectOption('fruit');
  await page.getByLabel('Product Quantity').fill('12');
  await page.getByLabel('Production Cost ($)').fill('2');
  await page.getByLabel('Profit Margin(%)').fill('25');
  await page.getByLabel('Manufacturing Date').fill('2026-01-01');
  await page.getByLabel('Expire Date').fill(dayFromToday(365));
  await page.getByLabel('Product Image').setInputFiles(PEAR_PICTURE);
  await expect(page.getByAltText('Uploaded product')).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.locator('.Toastify').getByText('Orchard pears 6 is added in the products list!')).toBeVisible();
  const listed = await request.get(`/api/products/vendor?email=${encodeURIComponent(owner.email)}`, {
    headers: bearer(token),
  });
  expect((await listed.json()).length).toBe(6);
  // The membership page now says so (the add form's own checks belong to the storefront journeys).
  await page.goto('/dashboard/payment');
  await expect(page.getByText('is a premium member', { exact: false })).toBeVisible();
  await checkA11y(page);
});

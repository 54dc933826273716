import { fileURLToPath } from 'node:url';
import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, registerCustomer, tokenOf, unique } from './helpers.ts';

const PICTURE = fileURLToPath(new URL('../node_modules/@lobehub/fluent-emoji-3d/assets/1f955.webp', import.meta.url));

/**
 * A price the farmer types (issue 32, item 1; decision 050): a new farmer lists a product by typing its price, sees
 * the margin a production cost gives, reads cost, margin and price on *My products*; a visitor's product page, as the
 * server renders it and as the browser shows it, carries neither the cost, the margin nor the farmer's e-mail.
 */
test('a farmer types the price and sees the margin; a visitor reads the price only', async ({ page, request }) => {
  const farmer = await registerCustomer(request, 'grower', { name: 'Gwen Grower' });
  const shop = `Gwen's Garden ${unique()}`;
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(farmer.email)}`, {
    headers: bearer(farmer.token),
    data: {
      shop,
      date: '2019-05-01',
      address: '4 Orchard Road, Hood River',
      phone: '+1 541 555 0199',
      image: '/favicon.svg',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const token = await tokenOf(request, farmer);
  await page.context().addInitScript((value) => {
    if (!localStorage.getItem('access-token')) localStorage.setItem('access-token', value);
  }, token);

  await page.goto('/dashboard/addProduct');
  await expect(page.getByRole('heading', { name: 'Add a product' })).toBeVisible();
  const name = `Golden Beets ${unique()}`;
  await page.getByLabel('Category').selectOption({ label: 'Vegetables' });
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Product Quantity').fill('18');
  await page.getByLabel('Product Description').fill('Sweet golden beets, pulled this morning.');
  await page.getByLabel('Set the price').check();
  await expect(page.getByLabel('Profit Margin(%)')).toHaveCount(0);
  await page.getByLabel('Price ($)').fill('4.20');
  const margin = page.getByText('Your margin').locator('..');
  await expect(margin).toContainText('—');
  await page.getByLabel('Production Cost ($, optional)').fill('3');
  await expect(margin).toContainText('40%');
  await page.getByLabel('Manufacturing Date').fill(dayFromToday(-2));
  await page.getByLabel('Expire Date').fill(dayFromToday(60));
  await page.getByLabel('Product Image').setInputFiles(PICTURE);
  await expect(page.getByRole('img', { name: 'Uploaded product' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(`${name} is added in the products list!`)).toBeVisible();

  // The vendor's own table: cost, margin and price as given.
  await page.goto('/dashboard/vendorProduct');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('$3.00 per kg');
  await expect(row).toContainText('40%');
  await expect(row).toContainText('$4.20 per kg');

  // A visitor: the page's HTML as the server sends it, then the page in a browser signed out.
  const own = (await (
    await request.get(`/api/products/vendor?email=${encodeURIComponent(farmer.email)}`, { headers: bearer(token) })
  ).json()) as { _id: string; productName: string; productionCost: number; profitMargin: number }[];
  const product = own.find((p) => p.productName === name);
  expect(product).toMatchObject({ productionCost: 3, profitMargin: 40, productPrice: 4.2, pricing: 'price' });
  const url = `/productDetails/${product?._id}`;
  const html = await (await request.get(url)).text();
  expect(html).toContain(name);
  expect(html).toContain('4.20');
  for (const secret of ['productionCost', 'profitMargin', farmer.email, farmer.email.split('@')[0]]) {
    expect(html, secret).not.toContain(secret);
  }
  const visitor = await page.context().browser()?.newContext();
  const visitorPage = await visitor?.newPage();
  if (!visitorPage) throw new Error('no browser context for the visitor');
  await visitorPage.goto(new URL(url, page.url()).toString());
  await expect(visitorPage.getByRole('heading', { name })).toBeVisible();
  await expect(visitorPage.getByText('$4.20').first()).toBeVisible();
  expect(await visitorPage.content()).not.toContain(farmer.email);
  await visitor?.close();
});

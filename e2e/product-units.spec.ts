import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, registerCustomer, SAMPLE_PICTURE, signInWith, tokenOf, unique } from './helpers.ts';

/**
 * The product's own unit (issue 32, item 2; decision 053): a farmer lists honey sold by the 340 g jar (the form
 * proposes the category's kg until they choose); a shopper reads its price with its unit price per kg on the card and
 * the product page, the stock in jars, and adds 2 jars with the stepper.
 */
test('a honey jar sold by the jar shows its unit price; a shopper adds 2 jars', async ({ page, request }) => {
  const farmer = await registerCustomer(request, 'beekeeper', { name: 'Bea Keeper' });
  const shop = `Bea's Hives ${unique()}`;
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(farmer.email)}`, {
    headers: bearer(farmer.token),
    data: {
      shop,
      date: '2018-04-01',
      address: '9 Clover Lane, Hood River',
      phone: '+1 541 555 0142',
      image: '/favicon.svg',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const token = await tokenOf(request, farmer);
  await signInWith(page, token);

  await page.goto('/dashboard/addProduct');
  await expect(page.getByRole('heading', { name: 'Add a product' })).toBeVisible();
  const name = `Clover Honey ${unique()}`;
  await page.getByLabel('Category').selectOption({ label: 'Sweets and Desserts' });
  // The category's unit is what the form proposes; the farmer sells by the jar.
  await expect(page.getByLabel('Sold by', { exact: true })).toHaveValue('kg');
  await page.getByLabel('Sold by', { exact: true }).selectOption('pack');
  await page.getByLabel('Pack name (jar, 200 g bag, box of 6)').fill('340 g jar');
  await page.getByLabel('Net quantity').fill('340');
  await page.getByLabel('Net unit').selectOption('g');
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Product Quantity').fill('24');
  await page.getByLabel('Product Description').fill('Raw clover honey, spun from our own hives.');
  await page.getByLabel('Set the price').check();
  await page.getByLabel('Price ($)').fill('9.50');
  await page.getByLabel('Manufacturing Date').fill(dayFromToday(-2));
  await page.getByLabel('Expire Date').fill(dayFromToday(300));
  await page.getByLabel('Product Image').setInputFiles(SAMPLE_PICTURE);
  await expect(page.getByRole('img', { name: 'Uploaded product' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(`${name} is added in the products list!`)).toBeVisible();

  // The farmer's table: stock in jars, the price with its unit price.
  await page.goto('/dashboard/vendorProduct');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('24 jars');
  await expect(row).toContainText('$9.50 · $27.94/kg');

  // A shopper: the card, then the product page, then 2 jars in the cart.
  const shopper = await registerCustomer(request, 'honeybuyer', { name: 'Hal Buyer' });
  await signInWith(page, await tokenOf(request, shopper));
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('article').filter({ hasText: name });
  await expect(async () => {
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    await expect(card).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card).toContainText('$9.50 · $27.94/kg');
  await card.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('$9.50 · $27.94/kg').first()).toBeVisible();
  await expect(page.getByText('340 g jar (340 g)')).toBeVisible();
  await expect(page.getByText('24 jars')).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.join('\n')).toContain('"unitCode":"GRM"');
  await page.getByRole('button', { name: 'One more' }).click();
  await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
  // The stepper counts jars.
  await expect(page.getByText('jars', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('.Toastify').getByText(`${name} is added to your cart`)).toBeVisible();

  await page.goto('/dashboard/userCart');
  const line = page.getByRole('region', { name: 'Cart items' }).getByRole('row').filter({ hasText: name });
  await expect(line.getByRole('textbox', { name: `Quantity of ${name}` })).toHaveValue('2');
  await expect(line).toContainText('$9.50 · $27.94/kg');
  await expect(line).toContainText('24 jars in stock');
  await expect(line).toContainText('$19.00');
});

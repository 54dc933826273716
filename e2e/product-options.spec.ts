import type { CardProduct, OfferedProduct } from '#contract/products.ts';
import { priceText } from '#contract/units.ts';
import { checkA11y, choosePickupSlots, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, registerCustomer, SAMPLE_PICTURE, signInWith, tokenOf, unique } from './helpers.ts';
import { payForCart } from './order-fixtures.ts';

/**
 * Sizes and packs (issue 32, item 3; decision 052): a farmer lists eggs by the half dozen and the dozen from one pool
 * of 60 through the form; a shopper chooses each size on the product page and buys both (two cart lines); the pool is
 * then 60 − 6 − 12 = 42. And a honey jar reads its own price per kg on the card, the page and the cart.
 */
test('a farmer sells eggs in two sizes from one pool; a shopper buys a dozen and a half dozen', async ({
  page,
  request,
}) => {
  const farmer = await registerCustomer(request, 'eggfarmer', { name: 'Edda Farmer' });
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(farmer.email)}`, {
    headers: bearer(farmer.token),
    data: {
      shop: `Edda's Hens ${unique()}`,
      date: '2019-03-01',
      address: '4 Coop Lane, Hood River',
      phone: '+1 541 555 0177',
      image: '/favicon.svg',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const farmerToken = await tokenOf(request, farmer);
  await signInWith(page, farmerToken);

  await page.goto('/dashboard/addProduct');
  const name = `Orchard Eggs ${unique()}`;
  await page.getByLabel('Category').selectOption({ label: 'Proteins' });
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Product Description').fill('Brown eggs from hens on grass.');
  await page.getByLabel('Set the price').check();
  await page.getByRole('button', { name: 'Add a size' }).click();
  await page.getByLabel(/Sizes share one stock/).check();
  await page.getByLabel('Shared stock (units the sizes take)').fill('60');
  const size = (n: number) => page.getByRole('group', { name: `Size ${n}` });
  await size(1).getByLabel('Name (Half dozen, 500 g jar)').fill('Half dozen');
  await size(1).getByLabel('Sold by').selectOption('pack');
  await size(1).getByLabel('Pack name (jar, box of 6)').fill('box of 6');
  await size(1).getByLabel('Net quantity').fill('6');
  await size(1).getByLabel('Net unit').selectOption('piece');
  await size(1).getByLabel('Price ($)').fill('3.50');
  await size(1).getByLabel('Units it takes').fill('6');
  await size(2).getByLabel('Name (Half dozen, 500 g jar)').fill('Dozen');
  await size(2).getByLabel('Sold by').selectOption('dozen');
  await size(2).getByLabel('Price ($)').fill('6.50');
  await size(2).getByLabel('Units it takes').fill('12');
  await page.getByLabel('Manufacturing Date').fill(dayFromToday(-1));
  await page.getByLabel('Expire Date').fill(dayFromToday(20));
  await page.getByLabel('Product Image').setInputFiles(SAMPLE_PICTURE);
  await expect(page.getByRole('img', { name: 'Uploaded product' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(`${name} is added in the products list!`)).toBeVisible();

  // A shopper finds it "from" its half dozen, and chooses a size on its page.
  const shopper = await registerCustomer(request, 'eggbuyer', { name: 'Egon Buyer' });
  const shopperToken = await tokenOf(request, shopper);
  await signInWith(page, shopperToken);
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('article').filter({ hasText: name });
  await expect(async () => {
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    await expect(card).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card).toContainText('from $3.50 · $0.58 each');
  await card.getByRole('link', { name: `Choose a size of ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('radio', { name: /^Half dozen/ })).toBeChecked();
  await expect(page.getByText('10 × box of 6', { exact: true })).toBeVisible();
  await sizes.getByRole('radio', { name: /^Dozen/ }).check();
  await expect(page.getByText('5 dozen', { exact: true })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('.Toastify').getByText(`${name} — Dozen is added to your cart`)).toBeVisible();
  await sizes.getByRole('radio', { name: /^Half dozen/ }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('.Toastify').getByText(`${name} — Half dozen is added to your cart`)).toBeVisible();

  // Two lines, each its size's price and unit.
  await page.goto('/dashboard/userCart');
  const lineOf = (label: string) =>
    page
      .getByRole('region', { name: 'Cart items' })
      .getByRole('row')
      .filter({ has: page.getByRole('textbox', { name: `Quantity of ${name} — ${label}`, exact: true }) });
  await expect(lineOf('Half dozen')).toContainText('$3.50 · $0.58 each');
  await expect(lineOf('Dozen')).toContainText('$6.50 · $0.54 each');
  await expect(page.getByText('There are 2 products in your cart')).toBeVisible();
  await choosePickupSlots(request, shopperToken);
  const payment = await payForCart(request, shopperToken, shopper.name);
  expect(payment.productIds.map((line) => line.itemName).sort()).toEqual([`${name} — Dozen`, `${name} — Half dozen`]);

  // The pool gave 18 eggs: 42 left.
  await signInWith(page, farmerToken);
  await page.goto('/dashboard/vendorProduct');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('42 shared');
  await expect(row).toContainText('Dozen: $6.50 · $0.54 each (takes 12)');
});

test('a honey jar sold by the jar shows its price per kg on the card, the page and the cart', async ({
  page,
  request,
}) => {
  const found = await request.get('/api/products', { params: { q: 'Wildflower Honey', limit: 5 } });
  const listed = ((await found.json()).items as CardProduct[]).find((p) => p.productName === 'Wildflower Honey');
  expect(listed?.sizes.count).toBe(2);
  const honey = (await (await request.get(`/api/singleProduct/${listed?._id}`)).json()) as OfferedProduct;
  expect(honey.options.map((o) => o.label)).toEqual(['250 g jar', '500 g jar']);
  const [small, large] = honey.options;
  const text = (o: typeof small) => priceText(Math.round((o.salePrice ?? o.price) * 100), o.unit, o.pack);

  const shopper = await registerCustomer(request, 'honeyjar', { name: 'Hank Jar' });
  await signInWith(page, await tokenOf(request, shopper));
  await page.goto(`/search?q=${encodeURIComponent('Wildflower Honey')}`);
  const card = page
    .getByRole('list', { name: 'Search results' })
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'Wildflower Honey', exact: true }) });
  await expect(card).toContainText(`from ${text(small)}`);
  await card.getByRole('link', { name: 'Choose a size of Wildflower Honey' }).click();
  await page
    .getByRole('group', { name: 'Size' })
    .getByRole('radio', { name: /^500 g jar/ })
    .check();
  await expect(page.getByText(text(large)).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('.Toastify').getByText('Wildflower Honey — 500 g jar is added to your cart')).toBeVisible();
  await page.goto('/dashboard/userCart');
  const line = page.getByRole('region', { name: 'Cart items' }).getByRole('row').filter({ hasText: '500 g jar' });
  await expect(line).toContainText(text(large));
  await expect(line.getByRole('textbox', { name: 'Quantity of Wildflower Honey — 500 g jar' })).toHaveValue('1');
});

import type { APIRequestContext } from '@playwright/test';
import { checkA11y, dayFromToday, expect, hydrated, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith, tokenOf, unique } from './helpers.ts';
import { moveVendorPart, openForPickupEveryDay, type Product, placeOrder } from './order-fixtures.ts';

/** A shopper's favourites: told when one is back in stock; buying a delivered order's products again. */

/** A new shop of its own (so no other journey changes its stock), open for pickup every day, with these products. */
async function freshShop(request: APIRequestContext, names: string[]) {
  const owner = await registerCustomer(request, 'grower');
  const shop = `Hillside Farm ${unique()}`;
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(owner.email)}`, {
    headers: bearer(owner.token),
    data: { shop, date: '2018-03-01', address: '4 Hill Road, Salem', phone: '+1 503 555 0188', image: '/favicon.svg' },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const token = await tokenOf(request, owner);
  const [sample] = await (await request.get('/api/allProducts?limit=1')).json();
  picture = sample.productImage;
  const products: Product[] = [];
  for (const name of names) {
    const created = await request.post('/api/products', {
      headers: bearer(token),
      data: { ...productFields(name, 8), productCategory: 'vegetable' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    products.push((await created.json()).product);
  }
  const shopId = (products[0] as Product & { shopId: string }).shopId;
  await openForPickupEveryDay(request, token, shopId, { name: 'Farm gate', address: '4 Hill Road, Salem' });
  return { shop, shopId, token, products };
}

/** A demo product's uploaded picture, for the journeys' own products. */
let picture = '';

function productFields(name: string, stock: number) {
  return {
    productName: name,
    productDetails: `${name}, grown on the hill.`,
    productQuantity: stock,
    productionCost: 3,
    profitMargin: 20,
    productManufacturingDate: dayFromToday(-1),
    productExpireDate: dayFromToday(60),
    productImage: picture,
  };
}

/** The vendor sets the product's stock from its edit form's API. */
async function setStock(request: APIRequestContext, token: string, product: Product, stock: number) {
  const edited = await request.put(`/api/products/${product._id}`, {
    headers: bearer(token),
    data: productFields(product.productName, stock),
  });
  expect(edited.ok(), await edited.text()).toBe(true);
}

test('a shopper saves a product from its page (signing in first), it sells out, comes back, and the bell says so', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const farm = await freshShop(request, [`Heirloom tomatoes ${unique()}`]);
  const [tomatoes] = farm.products;
  const shopper = await registerCustomer(request, 'fan');

  // Signed out, the heart asks to sign in, and the shopper comes back to the product.
  await page.goto(`/productDetails/${tomatoes._id}`);
  await hydrated(page);
  const heart = page.getByRole('button', { name: `Save ${tomatoes.productName} to favourites` });
  await heart.click();
  await page.getByRole('button', { name: 'Yes, Log in!' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/productDetails/${tomatoes._id}$`));
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await checkA11y(page);

  // The shop too, from its page.
  await page.goto(`/shopDetails/${farm.shopId}`);
  await hydrated(page);
  const shopHeart = page.getByRole('button', { name: `Save ${farm.shop} to favourites` });
  await shopHeart.click();
  await expect(shopHeart).toHaveAttribute('aria-pressed', 'true');
  // The product's card on the shop's page shows it saved (from the one favourites request).
  await expect(page.getByRole('button', { name: `Save ${tomatoes.productName} to favourites` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await setStock(request, farm.token, tomatoes, 0);
  await setStock(request, farm.token, tomatoes, 8);

  await page.goto('/dashboard/favourites');
  const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(async () => {
    if (!(await bell.isVisible())) await page.reload();
    await expect(bell).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const saved = page.getByRole('list', { name: 'Favourite products' });
  await expect(saved.getByRole('link', { name: tomatoes.productName })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Favourite shops' }).getByRole('link', { name: farm.shop }),
  ).toBeVisible();
  await checkA11y(page);
  await shot(page, 'favourites', { widths: PHONE_AND_LAPTOP });

  await bell.click();
  await expect(page.getByRole('link', { name: `Unread: ${tomatoes.productName} is back in stock` })).toBeVisible();
  await expect(
    page.getByText(`${tomatoes.productName} from ${farm.shop}, one of your favourites, is back in stock: 8 left.`),
  ).toBeVisible();

  // Taken out again from the favourites page.
  await page.goto('/dashboard/favourites');
  await page.getByRole('button', { name: `Remove ${farm.shop} from favourites` }).click();
  await expect(page.getByText('No favourite shops yet.')).toBeVisible();
});

test('"Add all to cart" from buy again adds what is on sale and says what is sold out', async ({ page, request }) => {
  test.setTimeout(180_000);
  const names = [`Duck eggs ${unique()}`, `Sourdough loaf ${unique()}`, `Runner beans ${unique()}`];
  const farm = await freshShop(request, names);
  const shopper = await registerCustomer(request, 'again');
  const payment = await placeOrder(request, shopper.token, farm.products);
  await moveVendorPart(request, farm.token, payment.orderId, 'ready');
  await moveVendorPart(request, farm.token, payment.orderId, 'delivered');
  await setStock(request, farm.token, farm.products[1], 0);

  await signInWith(page, shopper.token);
  await page.goto('/dashboard/favourites');
  await hydrated(page);
  const bought = page.getByRole('list', { name: 'Bought before' });
  for (const name of names) await expect(bought.getByText(name)).toBeVisible();
  await expect(bought.getByRole('listitem').filter({ hasText: names[1] }).getByText('Sold out')).toBeVisible();
  await checkA11y(page);
  await shot(page, 'buy-again', { widths: PHONE_AND_LAPTOP });

  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 added' })).toHaveText(`2 added; ${names[1]} is sold out`);
  await page.goto('/dashboard/userCart');
  await expect(page.getByText('There are 2 products in your cart')).toBeVisible();
  const cart = page.getByRole('region', { name: 'Cart table' });
  await expect(cart.getByText(names[0], { exact: true })).toBeVisible();
  await expect(cart.getByText(names[2], { exact: true })).toBeVisible();
  await expect(cart.getByText(names[1], { exact: true })).toHaveCount(0);
});

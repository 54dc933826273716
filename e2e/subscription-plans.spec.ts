import type { APIRequestContext } from '@playwright/test';
import { checkA11y, dayFromToday, expect, hydrated, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, shot, signInWith, unique } from './helpers.ts';
import { freshShop } from './plan-fixtures.ts';

/**
 * Subscription plans (issue 37, item 1; decision 065): a farm makes a weekly vegetable box on its Subscriptions page,
 * and a shopper finds it on the shop's page and reads it on its own page, where a signed-in shopper subscribes
 * (e2e/subscribing.spec.ts).
 */

test('a farm creates a weekly box plan; a shopper sees it on the shop page and on its own page', async ({
  page,
  browser,
  request,
}) => {
  const shop = await freshShop(request);
  await signInWith(page, shop.token);
  await page.goto('/dashboard/vendorSubscriptions');
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
  await expect(page.getByText('No plans yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New plan' }).click();
  const form = page.getByRole('form', { name: 'New plan' });
  // Left empty, each field says what it needs.
  await form.getByRole('button', { name: 'Create the plan' }).click();
  await expect(form.getByText('This field is required')).toBeVisible();
  await expect(form.getByText('Enter what one box is worth')).toBeVisible();

  await form.getByLabel('Name').fill('Weekly veg box');
  await form.getByLabel('What one box is worth ($)').fill('30');
  await form.getByLabel('What usually goes in it (one thing a line)').fill('Salad greens\nCarrots\nPotatoes');
  await form.getByLabel('Subscriber discount (%, optional)').fill('10');
  await form.getByLabel('Most subscribers (optional)').fill('25');
  // A box of vegetables is taxed as vegetables (the default); members give two weeks' notice.
  await expect(form.getByLabel('What the box holds, for its tax')).toHaveValue('vegetable');
  await form.getByLabel('Notice on cancelling (days, optional)').fill('14');
  // Served at the Saturday market only.
  await form.getByLabel('Wednesday 15:00–18:00 at Riverside Market').uncheck();
  await checkA11y(page);
  await shot(page, 'subscriptions-vendor-form', { widths: PHONE_AND_LAPTOP });
  await form.getByRole('button', { name: 'Create the plan' }).click();

  const card = page.getByRole('article', { name: 'Weekly veg box' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await expect(card.getByText('$27.00 a delivery, every week')).toBeVisible();
  await expect(card.getByText('Saturday 9:00–13:00 at Riverside Market')).toBeVisible();
  await expect(card.getByText('Wednesday 15:00–18:00 at Riverside Market')).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'subscriptions-vendor', { widths: PHONE_AND_LAPTOP });

  // A shopper, signed out: the plan is on the shop's page, and has its own page.
  const shopper = await browser.newPage();
  await shopper.goto(`/shopDetails/${shop.id}`);
  await hydrated(shopper);
  const plans = shopper.getByRole('region', { name: 'Subscriptions' });
  await expect(plans.getByText('$27.00 a delivery, every week')).toBeVisible();
  await plans.getByRole('link', { name: 'Weekly veg box' }).click();

  await expect(shopper).toHaveURL(/\/subscriptions\/[0-9a-f-]{36}$/);
  await expect(shopper.getByRole('heading', { name: 'Weekly veg box', level: 1 })).toBeVisible();
  await expect(shopper.getByText('A delivery is worth $30.00; subscribers get 10% off ($27.00).')).toBeVisible();
  await expect(
    shopper.getByText("With 14 days' notice: deliveries within 14 days of cancelling still come and are charged"),
  ).toBeVisible();
  for (const item of ['Salad greens', 'Carrots', 'Potatoes'])
    await expect(shopper.getByText(item, { exact: true })).toBeVisible();
  await expect(shopper.getByText('Up to 25 subscribers')).toBeVisible();
  // Signed out, the page asks to sign in to subscribe; the farm's phone is there for questions.
  const join = shopper.getByRole('region', { name: 'Subscribe' });
  await expect(join.getByRole('link', { name: 'Sign in to subscribe' })).toBeVisible();
  await expect(join.getByRole('link', { name: '+1 503 555 0142' })).toHaveAttribute('href', 'tel:+15035550142');
  await checkA11y(shopper);
  await shot(shopper, 'subscription-plan', { widths: PHONE_AND_LAPTOP });

  // The page is rendered by the server, for search engines and a first screen without JavaScript.
  const html = await (await request.get(new URL(shopper.url()).pathname)).text();
  expect(html).toMatch(/<h1[^>]*>Weekly veg box<\/h1>/);
  expect(html).toContain('Saturday 9:00–13:00 at Riverside Market');
  await shopper.close();
});

/** A product of the shop at cost × (1 + margin), by the API; answers its name and id. */
async function listProduct(request: APIRequestContext, token: string, name: string, cost: number, margin: number) {
  const [sample] = await (await request.get('/api/allProducts?limit=1')).json();
  const created = await request.post('/api/products', {
    headers: bearer(token),
    data: {
      productName: name,
      productDetails: `${name} from the home pasture.`,
      productCategory: 'milk',
      productQuantity: 40,
      productionCost: cost,
      profitMargin: margin,
      productManufacturingDate: dayFromToday(-1),
      productExpireDate: dayFromToday(30),
      productImage: sample.productImage,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { name, id: (await created.json()).product._id as string };
}

test('a dairy lists its products in a monthly share at the price they imply, changes it, takes out one no longer sold, then ends it', async ({
  page,
}) => {
  const request = page.request;
  const shop = await freshShop(request);
  const { name: milk } = await listProduct(request, shop.token, `Cream-top milk ${unique()}`, 4, 25); // $5.00
  const butter = await listProduct(request, shop.token, `Cultured butter ${unique()}`, 6, 50); // $9.00
  await signInWith(page, shop.token);
  await page.goto('/dashboard/vendorSubscriptions');
  await page.getByRole('button', { name: 'New plan' }).click();
  const form = page.getByRole('form', { name: 'New plan' });
  await form.getByLabel('Name').fill('Monthly dairy share');
  await form.getByLabel('What is delivered').selectOption('fixed');
  await form.getByLabel('How often').selectOption('monthly');
  await form.getByRole('button', { name: 'Add a product' }).click();
  await form.getByLabel('Product 1', { exact: true }).selectOption({ label: `${milk} · $5.00` });
  await form.getByLabel('How many of product 1').fill('2');
  await form.getByRole('button', { name: 'Add a product' }).click();
  await form.getByLabel('Product 2', { exact: true }).selectOption({ label: `${butter.name} · $9.00` });
  await form.getByLabel('Subscriber discount (%, optional)').fill('5');
  await expect(
    form.getByText('This list is worth $19.00 a delivery; with the 5% subscriber discount, $18.05.'),
  ).toBeVisible();
  await checkA11y(page);
  await shot(page, 'subscriptions-vendor-fixed-list', { widths: PHONE_AND_LAPTOP });
  await form.getByRole('button', { name: 'Create the plan' }).click();

  const card = page.getByRole('article', { name: 'Monthly dairy share' });
  await expect(card.getByText('$18.05 a delivery, every month')).toBeVisible();
  await expect(card.getByText(`2 × ${milk}`)).toBeVisible();
  const publicPage = (await card.getByRole('link', { name: 'See its public page' }).getAttribute('href')) as string;

  // Three bottles of milk from now on.
  await card.getByRole('button', { name: 'Change' }).click();
  const change = page.getByRole('form', { name: 'Change Monthly dairy share' });
  await change.getByLabel('How many of product 1').fill('3');
  await expect(
    change.getByText('This list is worth $24.00 a delivery; with the 5% subscriber discount, $22.80.'),
  ).toBeVisible();
  await change.getByRole('button', { name: 'Save the plan' }).click();
  await expect(card.getByText('$22.80 a delivery, every month')).toBeVisible();
  await checkA11y(page);

  // The butter leaves the shop: the plan says so and prices the rest; a change must take it out.
  const removed = await request.delete(`/api/products/${butter.id}`, { headers: bearer(shop.token) });
  expect(removed.ok(), await removed.text()).toBe(true);
  await page.reload();
  await expect(card.getByText('not on sale now')).toBeVisible();
  await expect(card.getByText('$14.25 a delivery, every month')).toBeVisible();
  await card.getByRole('button', { name: 'Change' }).click();
  await change.getByRole('button', { name: 'Save the plan' }).click();
  await expect(change.getByText('Not a product of your shop on sale now')).toBeVisible();
  await change.getByRole('button', { name: 'Take product 2 out' }).click();
  await change.getByRole('button', { name: 'Save the plan' }).click();
  await expect(card.getByText('$14.25 a delivery, every month')).toBeVisible();
  await expect(card.getByText('not on sale now')).toHaveCount(0);

  // Ended, it stays in the list, read-only, and its page is gone.
  await card.getByRole('button', { name: 'End the plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End the plan' }).click();
  await expect(card.getByText('Ended', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Change' })).toHaveCount(0);
  await page.goto(publicPage);
  await expect(page.getByRole('heading', { name: 'This plan is not offered' })).toBeVisible();
});

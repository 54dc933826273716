import type { APIRequestContext } from '@playwright/test';
import { checkA11y, expect, hydrated, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith, tokenOf, unique } from './helpers.ts';

/**
 * Subscription plans (issue 37, item 1; decision 065): a farm makes a weekly vegetable box on its Subscriptions page,
 * and a shopper finds it on the shop's page and reads it on its own page, which says how to join (with the farm).
 */

/** A new shop of its own with a pickup point open on Saturdays and Wednesdays; answers its id, name and token. */
async function freshShop(request: APIRequestContext) {
  const owner = await registerCustomer(request, 'plans', { name: 'Ana Furrow' });
  const name = `Furrow Farm ${unique()}`;
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(owner.email)}`, {
    headers: bearer(owner.token),
    data: {
      shop: name,
      date: '2015-04-01',
      address: '3 Furrow Lane, Salem',
      phone: '+1 503 555 0142',
      image: '/favicon.svg',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const token = await tokenOf(request, owner);
  const me = await (await request.get('/api/users/me', { headers: bearer(token) })).json();
  const settings = await request.put(`/api/shops/${me.id}/fulfilment`, {
    headers: bearer(token),
    data: {
      timeZone: 'America/Los_Angeles',
      location: { latitude: 44.94, longitude: -123.03 },
      pickupPoints: [
        {
          name: 'Riverside Market',
          address: '1 River Road, Salem',
          windows: [
            { weekday: 'saturday', start: '09:00', end: '13:00', capacity: 30 },
            { weekday: 'wednesday', start: '15:00', end: '18:00', capacity: 10 },
          ],
        },
      ],
      delivery: null,
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  return { id: me.id as string, name, token };
}

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
  // Served at the Saturday market only.
  await form.getByLabel('Wednesday 15:00–18:00 at Riverside Market').uncheck();
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
  for (const item of ['Salad greens', 'Carrots', 'Potatoes'])
    await expect(shopper.getByText(item, { exact: true })).toBeVisible();
  await expect(shopper.getByText('Up to 25 subscribers')).toBeVisible();
  const join = shopper.getByRole('region', { name: 'How to join' });
  await expect(join.getByRole('link', { name: '+1 503 555 0142' })).toHaveAttribute('href', 'tel:+15035550142');
  await expect(shopper.getByRole('button', { name: /subscribe/i })).toHaveCount(0);
  await checkA11y(shopper);
  await shot(shopper, 'subscription-plan', { widths: PHONE_AND_LAPTOP });

  // The page is rendered by the server, for search engines and a first screen without JavaScript.
  const html = await (await request.get(new URL(shopper.url()).pathname)).text();
  expect(html).toContain('Weekly veg box');
  await shopper.close();
});

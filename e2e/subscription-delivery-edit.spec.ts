import type { APIRequestContext } from '@playwright/test';
import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith } from './helpers.ts';
import { openNewShop, pickupInTwoDays } from './plan-fixtures.ts';

/**
 * Changing next week's delivery once its order is made (issue 37 item 3, decision 068): the member adds a loaf and
 * swaps the honey for the bigger jar on the Subscriptions page, sees the new total, and the farm's pick list has both;
 * then moves it to the farm's afternoon time that day.
 */

/** A farm whose one pickup time is two days from now, selling honey in two jars and a loaf, with a pantry share. */
async function pantryFarm(request: APIRequestContext) {
  const { id, token } = await openNewShop(request, {
    prefix: 'pantry',
    owner: 'Pia Pantry',
    name: 'Pantry Farm',
    address: '3 Hive Lane, Salem',
    phone: '+1 503 555 0177',
    established: '2016-03-01',
  });
  const {
    windowIds: [windowId, afternoon],
  } = await pickupInTwoDays(request, { id, token }, { name: 'Hive gate', address: '3 Hive Lane, Salem' }, [
    { start: '09:00', end: '12:00' },
    { start: '15:00', end: '18:00' },
  ]);
  const [sample] = await (await request.get('/api/allProducts?limit=1')).json();
  const product = async (data: object) => {
    const created = await request.post('/api/products', {
      headers: bearer(token),
      data: {
        productDetails: 'From the farm.',
        productManufacturingDate: dayFromToday(-1),
        productExpireDate: dayFromToday(60),
        productImage: sample.productImage,
        ...data,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    return (await created.json()).product as { options: { _id: string }[] };
  };
  const jar = (label: string, productPrice: number, netQuantity: number) => ({
    label,
    pricing: 'price',
    productPrice,
    stock: 10,
    unit: 'pack',
    packLabel: 'jar',
    netQuantity,
    netUnit: 'g',
  });
  const honey = await product({
    productName: 'Hive honey',
    productCategory: 'sweet',
    options: [jar('250 g jar', 6, 250), jar('500 g jar', 10, 500)],
  });
  await product({
    productName: 'Sourdough loaf',
    productCategory: 'bakery',
    productQuantity: 8,
    productionCost: 4,
    profitMargin: 25,
  });
  const plan = await request.post(`/api/shops/${id}/subscription-plans`, {
    headers: bearer(token),
    data: {
      name: 'Pantry share',
      kind: 'fixed',
      items: [{ optionId: honey.options[0]._id, quantity: 1 }],
      discountPercent: 10,
      frequency: 'weekly',
      billing: 'per_delivery',
      windowIds: [windowId, afternoon],
    },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  return { id, token, windowId, planId: (await plan.json()).id as string };
}

test('a member adds a loaf to the coming delivery and swaps the jar; the farm’s pick list follows', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const farm = await pantryFarm(request);
  const member = await registerCustomer(request, 'pantry-member', { name: 'Penny Member' });
  const headers = bearer(member.token);
  const setup = await (await request.post('/api/subscriptions/card-setup', { headers })).json();
  const saved = await request.post('/api/payments/sandbox/confirm-setup', {
    headers,
    data: { ...setup, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const subscribed = await request.post('/api/subscriptions', {
    headers,
    data: {
      planId: farm.planId,
      windowId: farm.windowId,
      startsOn: dayFromToday(0),
      setupIntentId: setup.setupIntentId,
    },
  });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);
  // The deliveries job runs every 15 s on the server: the order is made within a run or two.
  await expect
    .poll(async () => (await (await request.get('/api/subscriptions', { headers })).json())[0].coming[0].state, {
      timeout: 60_000,
      intervals: [2_000],
    })
    .toBe('ordered');

  await signInWith(page, member.token);
  await page.goto('/dashboard/subscriptions');
  await page.getByRole('button', { name: 'Change this delivery' }).first().click();
  const panel = page.getByRole('region', { name: /Change the delivery of/ });
  const total = panel.getByRole('definition').last();
  // One 250 g jar at $6.00 less the plan's 10%.
  await expect(total).toHaveText('$5.40');

  await panel.getByLabel(/Add from/).selectOption({ label: 'Sourdough loaf, $5.00' });
  await panel.getByRole('button', { name: 'Add to this delivery' }).click();
  await expect(panel.getByText('Added by you, at the farm’s price')).toBeVisible();
  await expect(total).toHaveText('$10.40');

  await panel.getByLabel('Swap Hive honey — 250 g jar for').selectOption({ label: 'Hive honey — 500 g jar, $10.00' });
  await panel.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(panel.getByText('Hive honey — 500 g jar', { exact: true })).toBeVisible();
  // $10.00 less 10% for the plan's jar, and the loaf at its $5.00.
  await expect(total).toHaveText('$14.00');
  await checkA11y(page);
  await shot(page, 'subscription-delivery-edit', { widths: PHONE_AND_LAPTOP });

  await signInWith(page, farm.token);
  await page.goto('/dashboard/vendorRoster');
  await page
    .getByRole('region', { name: /9:00–12:00/ })
    .getByRole('link', { name: 'Pick list' })
    .click();
  await expect(page.getByRole('rowheader', { name: /Sourdough loaf/ })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /500 g jar/ })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /250 g jar/ })).toHaveCount(0);

  // Then the member moves it to the afternoon: the list names the new time.
  await signInWith(page, member.token);
  await page.goto('/dashboard/subscriptions');
  await page.getByRole('button', { name: 'Change this delivery' }).first().click();
  const times = panel.getByLabel('Another time this week');
  await times.selectOption((await times.locator('option', { hasText: '15:00–18:00' }).getAttribute('value')) ?? '');
  await panel.getByRole('button', { name: 'Move this delivery' }).click();
  await expect(page.getByRole('region', { name: /Change the delivery of .*15:00–18:00/ })).toBeVisible();
  await expect(page.getByText(/, 15:00–18:00$/).first()).toBeVisible();
  await shot(page, 'subscription-delivery-moved', { widths: PHONE_AND_LAPTOP });
});

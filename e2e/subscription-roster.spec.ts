import type { APIRequestContext } from '@playwright/test';
import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith } from './helpers.ts';
import { openNewShop, pickupInTwoDays } from './plan-fixtures.ts';

/**
 * The farm's week of subscriptions (issue 37 items 5 and 7, decision 068): the farm sets this week's box on its roster,
 * a member subscribes, the deliveries job makes the member's order, and the farm finds it on the roster, in its orders
 * marked "Subscription" and on the slot's pick list and packing slips.
 */

/** A new shop whose one pickup time is two days from now (ordering closes the day before): its id, name and token. */
async function farmOpenInTwoDays(request: APIRequestContext) {
  const { id, name, token } = await openNewShop(request, {
    prefix: 'roster',
    owner: 'Rosa Field',
    name: 'Field Farm',
    address: '8 Field Lane, Salem',
    phone: '+1 503 555 0188',
  });
  const {
    date,
    windowIds: [windowId],
  } = await pickupInTwoDays(request, { id, token }, { name: 'Field gate', address: '8 Field Lane, Salem' }, [
    { start: '09:00', end: '12:00' },
  ]);
  const plan = await request.post(`/api/shops/${id}/subscription-plans`, {
    headers: bearer(token),
    data: {
      name: 'Field box',
      kind: 'box',
      boxValue: 28,
      boxContents: 'Greens\nRoots',
      frequency: 'weekly',
      billing: 'per_delivery',
      windowIds: [windowId],
    },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  return { id, name, token, windowId, date, planId: (await plan.json()).id as string };
}

/** A member who saves a good card and subscribes to the plan from today. */
async function subscribe(request: APIRequestContext, farm: Awaited<ReturnType<typeof farmOpenInTwoDays>>) {
  const member = await registerCustomer(request, 'member', { name: 'Milo Member' });
  const headers = bearer(member.token);
  const setup = await request.post('/api/subscriptions/card-setup', { headers });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { setupIntentId, clientSecret } = await setup.json();
  const saved = await request.post('/api/payments/sandbox/confirm-setup', {
    headers,
    data: { setupIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const subscribed = await request.post('/api/subscriptions', {
    headers,
    data: { planId: farm.planId, windowId: farm.windowId, startsOn: dayFromToday(0), setupIntentId },
  });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);
  return member;
}

test('the farm sets this week’s box, then finds a member’s order on its roster, orders and pick list', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const farm = await farmOpenInTwoDays(request);
  await signInWith(page, farm.token);
  await page.goto('/dashboard/vendorRoster');
  await expect(page.getByRole('heading', { name: 'Subscribers this week', level: 1 })).toBeVisible();
  const plan = page.getByRole('region', { name: 'Field box' });
  const delivery = plan.getByRole('region', { name: /Field gate/ });
  await expect(delivery.getByText('No subscriber on this time yet.')).toBeVisible();
  await delivery.getByLabel(/This week’s box/).fill('Chard, leeks and new potatoes');
  await delivery.getByRole('button', { name: 'Save the box' }).click();
  await expect(delivery.getByText('This week’s box (set)')).toBeVisible();
  // Members read it on the plan's page.
  const shopper = await browser.newPage();
  await shopper.goto(`/subscriptions/${farm.planId}`);
  await expect(shopper.getByRole('heading', { name: 'The farm’s coming boxes' })).toBeVisible();
  await expect(shopper.getByText('Chard, leeks and new potatoes')).toBeVisible();
  await shopper.close();

  const member = await subscribe(request, farm);
  // The deliveries job runs every 15 s on the server: the order is made within a run or two.
  await expect
    .poll(
      async () => {
        const roster = await request.get(`/api/shops/${farm.id}/subscription-roster`, { headers: bearer(farm.token) });
        return (await roster.json()).plans[0]?.deliveries[0]?.packed ?? 0;
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(1);

  await page.reload();
  await expect(delivery.getByText(member.name)).toBeVisible();
  await expect(delivery.getByText('Ordered')).toBeVisible();
  await expect(delivery.getByText(/^FS-\d+$/)).toBeVisible();
  // The box is fixed once its orders are made: its contents read, not edited.
  await expect(delivery.getByText('Chard, leeks and new potatoes')).toBeVisible();
  await expect(delivery.getByRole('button', { name: 'Save the box' })).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'subscription-roster', { widths: PHONE_AND_LAPTOP });

  await delivery.getByRole('link', { name: 'Pick list' }).click();
  await expect(page.getByText('For 1 order (1 of them subscriptions)')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Field box' })).toBeVisible();
  await shot(page, 'subscription-pick-list', { widths: PHONE_AND_LAPTOP });

  await page.goto('/dashboard/vendorOrder');
  const row = page.getByRole('row', { name: new RegExp(member.name) });
  await expect(row.getByText('Subscription')).toBeVisible();
  await checkA11y(page);

  // The member's order page: nothing paid yet, the card charged at the cutoff.
  const mine = await (await request.get('/api/subscriptions', { headers: bearer(member.token) })).json();
  const made = mine[0].coming.find((d: { order: { paymentId: string } | null }) => d.order);
  const memberPage = await browser.newPage();
  await signInWith(memberPage, member.token);
  await memberPage.goto(`/dashboard/invoice/${made.order.paymentId}`);
  await expect(memberPage.getByText(/^Charged at the cutoff: \w{3} \d+ \w{3}, \d\d:\d\d$/)).toBeVisible();
  await expect(memberPage.getByText(/^Not charged yet: your card is charged at the cutoff, /)).toBeVisible();
  await checkA11y(memberPage);
  await shot(memberPage, 'subscription-order-uncharged', { widths: PHONE_AND_LAPTOP });
});

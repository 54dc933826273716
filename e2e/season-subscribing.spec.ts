import type { APIRequestContext, Page } from '@playwright/test';
import { SUBSCRIBE_MESSAGES } from '#contract/subscribers.ts';
import { checkA11y, dayFromToday, expect, hydrated, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith } from './helpers.ts';
import { openNewShop } from './plan-fixtures.ts';

/**
 * Joining a season paid in installments (issue 37): the plan's page says what is charged today and when the rest is
 * taken, subscribing pays the first payment with the saved card, the Subscriptions page lists the payments, and a
 * cancel refunds what was paid for deliveries that will not come and takes none of the later payments. A card whose
 * charges are declined makes no subscription.
 */

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * A farm with one pickup time (UTC, ordering closes 24 hours before) on the weekday six days from now, so no order of
 * the first delivery is made yet (the job makes it three days before the cutoff), and a box over six weekly
 * deliveries from today, paid $120 in three installments of two deliveries each.
 */
async function installmentsFarm(request: APIRequestContext) {
  const shop = await openNewShop(request, {
    prefix: 'season',
    owner: 'Sena Season',
    name: 'Season Farm',
    address: '8 Orchard Row, Salem',
    phone: '+1 503 555 0188',
  });
  const weekday = WEEKDAYS[new Date(`${dayFromToday(6)}T12:00:00Z`).getUTCDay()];
  const settings = await request.put(`/api/shops/${shop.id}/fulfilment`, {
    headers: bearer(shop.token),
    data: {
      timeZone: 'UTC',
      cutoffHours: 24,
      pickupPoints: [
        {
          name: 'Barn door',
          address: '8 Orchard Row, Salem',
          windows: [{ weekday, start: '09:00', end: '12:00', capacity: 20 }],
        },
      ],
      delivery: null,
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const windowId: string = (await settings.json()).pickupPoints[0].windows[0].id;
  const made = await request.post(`/api/shops/${shop.id}/subscription-plans`, {
    headers: bearer(shop.token),
    data: {
      name: 'Autumn share',
      kind: 'box',
      boxValue: 25,
      boxContents: 'Squash\nApples\nKale',
      frequency: 'weekly',
      startsOn: dayFromToday(0),
      // The sixth weekly pickup is 41 days from now.
      endsOn: dayFromToday(42),
      billing: 'installments',
      seasonPrice: 120,
      installments: 3,
      windowIds: [windowId],
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return { planId: (await made.json()).id as string };
}

/**
 * `shot` at a phone's and a laptop's width, each once the page has settled at it: the dashboard's menu slides when the
 * width crosses its breakpoint, and a picture taken at once caught it halfway over the page.
 */
async function shots(page: Page, name: string) {
  for (const width of PHONE_AND_LAPTOP) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const ending = document.getAnimations().filter((a) => {
        const timing = a.effect?.getComputedTiming();
        return a.playState === 'running' && timing !== undefined && Number.isFinite(Number(timing.endTime));
      });
      await Promise.race([
        Promise.all(ending.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]);
      window.scrollTo(0, 0);
    });
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A card expiry five years from now, MM/YY. */
const expiry = () => `12/${String((new Date().getFullYear() + 5) % 100).padStart(2, '0')}`;

async function fillCard(page: Page, number: string) {
  const join = page.getByRole('region', { name: 'Subscribe' });
  await join.getByLabel('Card number').fill(number);
  await join.getByLabel('Expiry (MM/YY)').fill(expiry());
  await join.getByLabel('CVC').fill('123');
}

test('a shopper joins a season in installments, pays the first, cancels and gets back what will not come', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { planId } = await installmentsFarm(request);
  const shopper = await registerCustomer(request, 'season-member', { name: 'Sam Season' });
  await signInWith(page, shopper.token);
  await page.goto(`/subscriptions/${planId}`);
  await hydrated(page);

  const join = page.getByRole('region', { name: 'Subscribe' });
  await expect(join.getByText('Paying for the season here comes next', { exact: false })).toHaveCount(0);
  await expect(join.getByText('The season from then costs $120.00, in 3 payments.')).toBeVisible();
  await expect(join.getByText(/^Today: \$40\.00 for the deliveries .+ \(2 deliveries\)\.$/)).toBeVisible();
  const later = join.getByRole('listitem');
  await expect(later).toHaveCount(2);
  await expect(later.first()).toHaveText(
    /^\$40\.00 at the ordering cutoff before .+, for the deliveries .+ \(2 deliveries\)$/,
  );
  await fillCard(page, '4242 4242 4242 4242');
  await checkA11y(page);
  await shots(page, 'season-quote');

  await join.getByRole('button', { name: 'Save card and pay $40.00' }).click();
  await expect(join.getByText('You are subscribed to Autumn share.')).toBeVisible();
  await expect(
    join.getByText(/^Your card was charged \$40\.00 for the deliveries .+ \(2 deliveries\)\.$/),
  ).toBeVisible();

  await join.getByRole('link', { name: 'your subscriptions' }).click();
  const mine = page.getByRole('article', { name: 'Autumn share' });
  const payments = mine.getByRole('region', { name: 'Season payments' }).getByRole('listitem');
  await expect(payments).toHaveCount(3);
  await expect(payments.nth(0)).toContainText('Payment 1 of 3: $40.00');
  await expect(payments.nth(0)).toContainText(/For .+ \(2 deliveries\)Paid \d+ \w+$/);
  await expect(payments.nth(1)).toContainText(/Due at the cutoff before \d+ \w+$/);
  await expect(payments.nth(2)).toContainText(/Due at the cutoff before \d+ \w+$/);
  await checkA11y(page);
  await shots(page, 'season-payments');

  // Cancelled before any delivery was ordered: the first payment comes back whole, the others are never taken.
  await mine.getByRole('button', { name: 'Cancel subscription' }).click();
  const warning = page.getByRole('dialog');
  await expect(
    warning.getByText(
      'No delivery comes after today. What you paid for the deliveries that do not come is refunded to your card, and the season’s later payments are not taken.',
    ),
  ).toBeVisible();
  await warning.getByRole('button', { name: 'Cancel the subscription' }).click();
  await expect(mine.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(mine.getByText('No delivery is coming.')).toBeVisible();

  // The deliveries job (every 15 s) closes the payments and makes the refund.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await payments.first().textContent()) ?? '';
      },
      { timeout: 60_000, intervals: [3_000] },
    )
    .toContain('$40.00 refunded');
  await expect(payments.nth(1)).toContainText('Not taken: the subscription ended');
  await expect(payments.nth(2)).toContainText('Not taken: the subscription ended');
  await checkA11y(page);
  await shots(page, 'season-payments-cancelled');
});

test('a card whose charges are declined joins no season', async ({ page, request }) => {
  const { planId } = await installmentsFarm(request);
  const shopper = await registerCustomer(request, 'season-declined', { name: 'Dee Declined' });
  await signInWith(page, shopper.token);
  await page.goto(`/subscriptions/${planId}`);
  await hydrated(page);

  const join = page.getByRole('region', { name: 'Subscribe' });
  // 4000 0000 0000 0341 is saved, and every charge of it is declined.
  await fillCard(page, '4000 0000 0000 0341');
  await join.getByRole('button', { name: 'Save card and pay $40.00' }).click();
  await expect(join.getByRole('alert').filter({ hasText: SUBSCRIBE_MESSAGES.seasonNotCharged })).toBeVisible();
  await expect(join.getByLabel('Card number')).toHaveValue('4000 0000 0000 0341');
  await expect(join.getByRole('button', { name: 'Save card and pay $40.00' })).toBeEnabled();
  await shots(page, 'season-declined');

  const mine = await request.get('/api/subscriptions', { headers: bearer(shopper.token) });
  expect(await mine.json()).toEqual([]);
});

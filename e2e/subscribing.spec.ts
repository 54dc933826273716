import { checkA11y, dayFromToday, expect, hydrated, test } from './fixtures.ts';
import { PHONE_AND_LAPTOP, registerCustomer, shot, signInWith } from './helpers.ts';
import { freshShop, weeklyBox } from './plan-fixtures.ts';

/**
 * A shopper subscribes to a farm's weekly box (issue 37, items 2 and 4): chooses the time and first day, sees the
 * price, saves a card (a declined one first, then one the bank asks to authenticate), then skips a week and pauses
 * for a vacation on their Subscriptions page, and at last cancels.
 */
test('a shopper subscribes to the weekly box, skips a week, pauses for a vacation and later cancels', async ({
  page,
  request,
}) => {
  const shop = await freshShop(request);
  const planId = await weeklyBox(request, shop, 'Saturday veg box');
  const shopper = await registerCustomer(request, 'subscriber', { name: 'Sol Subscriber' });
  await signInWith(page, shopper.token);
  await page.goto(`/subscriptions/${planId}`);
  await hydrated(page);

  const join = page.getByRole('region', { name: 'Subscribe' });
  await expect(join.getByLabel('Saturday 9:00–13:00 at Riverside Market')).toBeChecked();
  await expect(join.getByText(/^First delivery: Sat \d+ \w+, 09:00–13:00$/)).toBeVisible();
  await expect(join.getByText('Each delivery is charged $27.00 at its cutoff.')).toBeVisible();

  // A declined card: the reason is shown and nothing is saved.
  await join.getByLabel('Card number').fill('4000 0000 0000 0002');
  await join.getByLabel('Expiry (MM/YY)').fill('12/34');
  await join.getByLabel('CVC').fill('123');
  await join.getByRole('button', { name: 'Save card and subscribe' }).click();
  await expect(join.getByText('Your card was declined.')).toBeVisible();

  // A card the bank asks to authenticate: the authentication step, then the subscription.
  await join.getByLabel('Card number').fill('4000 0025 0000 3155');
  await join.getByRole('button', { name: 'Save card and subscribe' }).click();
  const bank = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(bank).toBeVisible();
  await checkA11y(page);
  await shot(page, 'subscribe-authenticate', { widths: PHONE_AND_LAPTOP });
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(join.getByText('You are subscribed to Saturday veg box.')).toBeVisible();
  await shot(page, 'subscribe-done', { widths: PHONE_AND_LAPTOP });

  await join.getByRole('link', { name: 'your subscriptions' }).click();
  await expect(page.getByRole('heading', { name: 'Your subscriptions', level: 1 })).toBeVisible();
  const mine = page.getByRole('article', { name: 'Saturday veg box' });
  await expect(mine.getByText('VISA •••• 3155, expires 12/2034')).toBeVisible();
  await expect(mine.getByText('Active', { exact: true })).toBeVisible();
  const coming = mine.getByRole('region', { name: 'Coming deliveries' });
  await expect(coming.getByRole('listitem')).toHaveCount(4);

  // Skip the first week still open for changes.
  const first = coming
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Skip / }) })
    .first();
  await first.getByRole('button', { name: /^Skip / }).click();
  await expect(coming.getByText('Skipped')).toHaveCount(1);
  await expect(coming.getByRole('button', { name: /^Unskip / })).toHaveCount(1);

  // Away for two weeks from a week after today: those Saturdays are paused, then it resumes by itself.
  await mine.getByLabel('Away from').fill(dayFromToday(8));
  await mine.getByLabel('Back after').fill(dayFromToday(21));
  await mine.getByRole('button', { name: 'Pause for these days' }).click();
  await expect(mine.getByText(/On vacation .+ – .+: those deliveries are skipped\./)).toBeVisible();
  await expect(coming.getByText('On vacation')).toHaveCount(2);
  await checkA11y(page);
  await shot(page, 'my-subscriptions', { widths: PHONE_AND_LAPTOP });

  // Resumed early: the vacation's weeks come again.
  await mine.getByRole('button', { name: 'Resume now' }).click();
  await expect(coming.getByText('On vacation')).toHaveCount(0);

  // Back on the plan's page, it says they subscribe already instead of offering the form again.
  await page.goto(`/subscriptions/${planId}`);
  const again = page.getByRole('region', { name: 'Subscribe' });
  await expect(again.getByText(/^You are subscribed to this plan; the next delivery is /)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Save card and subscribe' })).toHaveCount(0);

  // Cancelled after a warning: nothing was ordered yet, so no delivery comes.
  await again.getByRole('link', { name: 'your subscriptions' }).click();
  await mine.getByRole('button', { name: 'Cancel subscription' }).click();
  const warning = page.getByRole('dialog');
  await expect(warning.getByText('No delivery comes after today.')).toBeVisible();
  await warning.getByRole('button', { name: 'Cancel the subscription' }).click();
  await expect(mine.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(mine.getByText('No delivery is coming.')).toBeVisible();
});

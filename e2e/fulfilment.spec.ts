import { closedText } from '#contract/fulfilment-labels.ts';
import { checkA11y, dayFromToday, expect, hydrated, test } from './fixtures.ts';
import { signInWith, tokenOf } from './helpers.ts';

/** The demo vendor sets up how shoppers get their food on the dashboard's "Pickup & delivery" page. */

const VENDOR = { email: 'vendor@farmstall.example', password: 'Vendor#2026!' };

test('a vendor sets a pickup point and a delivery area', async ({ page }) => {
  const token = await tokenOf(page.request, VENDOR);
  await signInWith(page, token);

  await page.goto('/dashboard/fulfilment');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Pickup & delivery', level: 1 })).toBeVisible();
  // The demo shop's own settings: its farmers' market, its farm stand and delivery, each time named in words.
  const market = page.getByRole('group', { name: 'Pickup at Hood River Farmers Market' });
  await expect(market.getByLabel('Name shoppers see')).toHaveValue('Hood River Farmers Market');
  await expect(market.getByRole('group', { name: 'Saturday 9:00–13:00 at Hood River Farmers Market' })).toBeVisible();
  await expect(page.getByLabel('Shop ZIP code')).toHaveValue('97031');
  await expect(page.getByText('Hood River, OR')).toBeVisible();
  await checkA11y(page);

  await page.getByRole('button', { name: 'Add a pickup point' }).click();
  await page.getByRole('group', { name: 'A new pickup point' }).getByLabel('Name shoppers see').fill('Riverside Co-op');
  const riversidePoint = page.getByRole('group', { name: 'Pickup at Riverside Co-op' });
  await riversidePoint.getByLabel('Address', { exact: true }).fill('12 River Street, Hood River, OR 97031');
  const time = riversidePoint.getByRole('group');
  await time.getByLabel('Day', { exact: true }).selectOption('sunday');
  await time.getByLabel('From', { exact: true }).fill('10:00');
  await time.getByLabel('To', { exact: true }).fill('09:00');
  await expect(time).toHaveAccessibleName('Sunday 10:00–9:00 at Riverside Co-op');
  await page.getByLabel('ZIP codes delivered to').fill('97031, 97040');
  await page.getByRole('button', { name: 'Save pickup & delivery' }).click();
  await expect(page.getByText('The end must be after the start')).toBeVisible();

  await time.getByLabel('To', { exact: true }).fill('13:00');
  await page.getByRole('button', { name: 'Save pickup & delivery' }).click();
  await expect(page.getByText('Your pickup and delivery settings are saved')).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expect(riversidePoint.getByLabel('Name shoppers see')).toHaveValue('Riverside Co-op');
  await expect(riversidePoint.getByRole('group', { name: 'Sunday 10:00–13:00 at Riverside Co-op' })).toBeVisible();
  await expect(page.getByLabel('ZIP codes delivered to')).toHaveValue('97031,97040');

  // Shoppers now see Sunday pickups at the new point.
  const me = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  const slots = await page.request.get(`/api/shops/${(await me.json()).id}/slots`);
  const riverside = (await slots.json()).slots.filter(
    (slot: { pickupPoint: { name: string } | null }) => slot.pickupPoint?.name === 'Riverside Co-op',
  );
  expect(riverside.length).toBeGreaterThan(0);
  expect(riverside[0].start).toMatch(/T10:00:00-0[78]:00$/);

  // A holiday: the Sunday of the last of those slots is cancelled, and shoppers see it so.
  const sunday = riverside.at(-1).start.slice(0, 10);
  expect(sunday > dayFromToday(0)).toBe(true);
  await page.getByLabel('Which times').selectOption({ label: 'Only Sunday 10:00–13:00 at Riverside Co-op' });
  await page.getByLabel('First day closed').fill(sunday);
  await page.getByLabel('Reason (optional)').fill('Family wedding');
  await page.getByRole('button', { name: 'Close those dates' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Family wedding' })).toContainText(
    `${closedText(sunday)} · Sunday 10:00–13:00 at Riverside Co-op`,
  );
  const after = await (await page.request.get(`/api/shops/${(await me.json()).id}/slots`)).json();
  expect(after.slots.find((slot: { start: string }) => slot.start.startsWith(`${sunday}T10:00`))).toMatchObject({
    status: 'cancelled',
  });
});

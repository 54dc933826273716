import type { Page } from '@playwright/test';
import { closedDaysText, closedText, dateRangeText } from '#contract/fulfilment-labels.ts';
import { checkA11y, dayFromToday, expect, hydrated, test } from './fixtures.ts';
import { registerCustomer, SAMPLE_PICTURE, shot } from './helpers.ts';

/**
 * A farmer's first hour (issue 33, item 2): a customer registers a shop, lands on the vendor home's setup checklist,
 * sets up pickup by ZIP code and time zone, delivery within a radius in miles, closes for a holiday, adds a first
 * product and sees the list ticked.
 */

/** The checklist's step named `label`: its link and whether it reads done. */
const step = (page: Page, label: string) =>
  page
    .getByRole('region', { name: /Set up your shop|Your shop is set up/ })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('link', { name: label, exact: true }),
    });

test('a new vendor sets up the shop from the checklist: ZIP code, time zone, pickup, a holiday, a first product', async ({
  page,
  request,
}) => {
  test.slow(); // a whole first hour of setup: registration, settings, a holiday and a product with its picture
  // /dashboard is each role's home; signed out, it asks to sign in first.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  // Signed in through the form, so the session can be renewed with the vendor's role once the shop is registered.
  const farmer = await registerCustomer(request, 'setup', { name: 'Rosa Field' });
  await page.getByLabel('Email').fill(farmer.email);
  await page.getByLabel('Password').fill(farmer.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu of Rosa Field' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/userHome$/);

  await page.goto('/member');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Account menu of Rosa Field' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Become a vendor', level: 1 })).toBeVisible();
  await page.getByLabel('Shop name').fill('Rosa’s Orchard');
  await page.getByLabel('Shop established date').fill('2019-05-01');
  await page.getByLabel('Shop address').fill('7 Orchard Lane, Hood River, OR 97031');
  await page.getByLabel('Phone number').fill('+1 541 555 0199');
  await page.getByLabel('Shop image').setInputFiles(SAMPLE_PICTURE);
  await page.getByRole('button', { name: 'Register my shop' }).click();

  // The vendor home, with what is left to set up; the role reads in plain words.
  await expect(page).toHaveURL(/\/dashboard\/vendorHome$/);
  await expect(page.getByRole('heading', { name: 'Set up your shop' })).toBeVisible();
  await expect(page.getByText('1 of 4 done')).toBeVisible();
  await expect(step(page, 'Shop details')).toContainText('Done');
  await expect(step(page, 'Shop details').getByRole('link')).toHaveAttribute('href', '/dashboard/shopProfile');
  for (const label of ['Your first product', 'Pickup or delivery', 'Payouts'])
    await expect(step(page, label)).not.toContainText('Done');
  await expect(page.getByText('Roll')).toHaveCount(0);
  await expect(page.locator('dt:text-is("Role") + dd')).toHaveText('Vendor');
  await checkA11y(page);
  await shot(page, 'setup-checklist', { widths: [390, 1280] });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/vendorHome$/);

  // Pickup by ZIP code: the place it names shows beside it, and the time zone follows its state.
  await step(page, 'Pickup or delivery').getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/fulfilment$/);
  await expect(page.getByLabel('Shop latitude')).toHaveCount(0);
  const zip = page.getByLabel('Shop ZIP code');
  const zone = page.getByLabel('Time zone');
  await expect(zip).toHaveValue('97031');
  await expect(page.getByText('Hood River, OR')).toBeVisible();
  await zip.fill('10001');
  await expect(page.getByText('New York, NY')).toBeVisible();
  await expect(zone).toHaveValue('America/New_York');
  await expect(zone.locator('option:checked')).toHaveText('Eastern (New York)');
  await zip.fill('00000');
  await expect(page.getByText('We could not find this ZIP code')).toBeVisible();

  await page.getByRole('button', { name: 'Add a pickup point' }).click();
  const point = page.getByRole('group', { name: 'A new pickup point' });
  await point.getByLabel('Name shoppers see').fill('Hood River Farmers Market');
  await page
    .getByRole('group', { name: 'Pickup at Hood River Farmers Market' })
    .getByLabel('Address', { exact: true })
    .fill('5th & Cascade, Hood River, OR 97031');
  const saturday = page.getByRole('group', { name: 'Saturday 9:00–12:00 at Hood River Farmers Market' });
  await saturday.getByLabel('To', { exact: true }).fill('13:00');
  await expect(page.getByRole('group', { name: 'Saturday 9:00–13:00 at Hood River Farmers Market' })).toBeVisible();
  await page.getByRole('button', { name: 'Save pickup & delivery' }).click();
  await expect(zip).toHaveAccessibleDescription(/We could not find ZIP code 00000: check it, or enter a nearby one/);

  await zip.fill('97031');
  await expect(page.getByText('Hood River, OR')).toBeVisible();
  await expect(zone).toHaveValue('America/Los_Angeles');
  await expect(zone.locator('option:checked')).toHaveText('Pacific (Los Angeles)');
  await page.getByRole('button', { name: 'Save pickup & delivery' }).click();
  await expect(page.getByText('Your pickup and delivery settings are saved')).toBeVisible();
  await checkA11y(page);
  await shot(page, 'setup-fulfilment', { widths: [390, 1280] });

  // Delivery within a radius typed in miles (the marketplace's unit): it reads back as typed after a reload.
  await page.getByLabel('We deliver').check();
  const radius = page.getByLabel('Or within (miles of the shop)');
  await radius.fill('400');
  await page.getByRole('button', { name: 'Save pickup & delivery' }).click();
  await expect(radius).toHaveAccessibleDescription(/At most 310 mi/);
  await radius.fill('12.5');
  // The first save's message gone, the one that shows next is this save's.
  const saved = page.getByText('Your pickup and delivery settings are saved');
  await expect(saved).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Save pickup & delivery' }).click();
  await expect(saved).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(radius).toHaveValue('12.5');

  // A holiday: every time from a Saturday to the next (the shop's pickup and delivery days), listed as one range with
  // only the Saturdays it closes, and taken back whole.
  const ahead = Array.from({ length: 7 }, (_, i) => i + 1).find(
    (days) => new Date(dayFromToday(days)).getUTCDay() === 6,
  );
  const [from, to] = [dayFromToday(ahead as number), dayFromToday((ahead as number) + 7)];
  await page.getByLabel('First day closed').fill(from);
  await page.getByLabel('Last day closed').fill(to);
  await page.getByLabel('Reason (optional)').fill('Family holiday');
  await page.getByRole('button', { name: 'Close those dates' }).click();
  const closed = page.getByRole('list', { name: 'Dates closed' }).getByRole('listitem');
  await expect(closed).toHaveCount(1);
  await expect(closed).toContainText(`${closedText(from, to)} · every pickup and delivery time · Family holiday`);
  await expect(closed).toContainText(closedDaysText([from, to]));
  await checkA11y(page);
  await shot(page, 'setup-holiday', { widths: [390, 1280] });
  await page.getByRole('button', { name: `Reopen ${dateRangeText(from, to)}` }).click();
  await expect(page.getByText('Your shop is open on every date ahead.')).toBeVisible();

  // The first product, from the checklist's link.
  await page.goto('/dashboard/vendorHome');
  await expect(step(page, 'Pickup or delivery')).toContainText('Done');
  await step(page, 'Your first product').getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/addProduct$/);
  await page.getByLabel('Product Name').fill('Honeycrisp apples');
  await page.getByLabel('Product Description').fill('Crisp apples picked this week.');
  await page.getByLabel('Category').selectOption('fruit');
  await page.getByLabel('Product Quantity').fill('40');
  await page.getByLabel('Production Cost ($)').fill('2');
  await page.getByLabel('Profit Margin(%)').fill('50');
  await page.getByLabel('Manufacturing Date').fill(dayFromToday(-2));
  await page.getByLabel('Expire Date').fill(dayFromToday(30));
  await page.getByLabel('Product Image').setInputFiles(SAMPLE_PICTURE);
  await expect(page.getByAltText('Uploaded product')).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.locator('.Toastify').getByText('Honeycrisp apples is added in the products list!')).toBeVisible();

  await page.goto('/dashboard/vendorHome');
  await expect(page.getByText('3 of 4 done')).toBeVisible();
  for (const label of ['Shop details', 'Your first product', 'Pickup or delivery'])
    await expect(step(page, label)).toContainText('Done');
  await expect(step(page, 'Payouts')).toContainText('Your bank account, to be paid');
  await expect(step(page, 'Payouts').getByRole('link')).toHaveAttribute('href', '/dashboard/payouts');
  await checkA11y(page);
});

import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';
import {
  newestMailWith,
  PHONE_AND_LAPTOP,
  registerCustomer,
  shot,
  tokenOf,
  unique,
  verifyEmailLink,
} from './helpers.ts';
import { DEMO_VENDOR, moveVendorPart, placeOrder, productsOfTwoShops } from './order-fixtures.ts';

/**
 * Verified e-mail and e-mail change (issue 31, items 2, 3 and 7; decision 048): a new shopper sees the banner, is
 * refused a review with the reason and "Send the link again", verifies from the e-mailed link, and then may review;
 * a shopper moves the account to a new address from the profile, confirmed by the link sent there.
 */

async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('You are signed in')).toBeVisible();
}

const banner = (page: Page) => page.getByRole('region', { name: 'E-mail verification' });

test('a new shopper verifies the e-mail from the link; a review refused before is posted after', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await registerCustomer(request, 'verify', { verified: false });
  const [product] = await productsOfTwoShops(request);
  const { orderId } = await placeOrder(request, shopper.token, [product]);
  const vendor = await tokenOf(request, DEMO_VENDOR);
  await moveVendorPart(request, vendor, orderId, 'ready');
  await moveVendorPart(request, vendor, orderId, 'delivered');

  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughForm(page, shopper);
  await expect(banner(page)).toContainText(`Please verify your e-mail address ${shopper.email}`);

  const review = async () => {
    await page.goto(`/productDetails/${product._id}`);
    await page.getByRole('radio', { name: '5 stars' }).check();
    await page.getByLabel('Your review').fill(`Verified and delicious ${unique()}`);
    await page.getByRole('button', { name: 'Submit Review' }).click();
  };
  await review();
  const refusal = page.getByRole('alert').filter({ hasText: 'Verify your e-mail address first' });
  await expect(refusal).toContainText(`we sent a link to ${shopper.email}`);
  await refusal.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText(`We sent a link to ${shopper.email}. Open it within 24 hours`)).toBeVisible();
  await checkA11y(page);
  await shot(page, 'verify-email-refused', { widths: PHONE_AND_LAPTOP });

  // The sign-up's e-mail and the one sent again: the newer link is the one that works.
  const link = await verifyEmailLink(shopper.email, { count: 2 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
  await checkA11y(page);
  await shot(page, 'verify-email', { widths: PHONE_AND_LAPTOP });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Verify my e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is verified' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await review();
  await expect(page.getByText('Successfully added your comments')).toBeVisible();

  // The link was spent.
  await page.goto(link);
  await page.getByRole('button', { name: 'Verify my e-mail' }).click();
  await expect(page.getByText('This link has expired, was already used or a newer one was sent.')).toBeVisible();
});

test('a shopper changes the e-mail from the profile: the new address confirms it, the old one is told', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await registerCustomer(request, 'mover');
  const moved = `${unique('moved')}@example.com`;
  await signInThroughForm(page, shopper);
  await page.goto('/dashboard/profile');
  const section = page.getByRole('region', { name: 'E-mail address' });
  await expect(section).toContainText(`You sign in with ${shopper.email} (verified).`);
  await section.getByLabel('New e-mail address').fill(moved);
  await section.getByLabel('Your password').fill('Wrong#Password1');
  await section.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(section.getByText('Your current password is not correct.')).toBeVisible();
  await section.getByLabel('Your password').fill(shopper.password);
  await section.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(section.getByRole('status')).toContainText(`Check ${moved} for a link`);
  await checkA11y(page);
  await shot(page, 'change-email', { widths: PHONE_AND_LAPTOP });

  const told = await newestMailWith(shopper.email, ['Your Farmstall e-mail is being changed']);
  expect(told).toContain(
    "being changed to m…@example.com: it changes when the link we sent there is opened. If this wasn't you, change your password.",
  );
  const link = await verifyEmailLink(moved, { title: 'Confirm your new e-mail address for Farmstall' });
  await page.goto(link);
  await page.getByRole('button', { name: 'Verify my e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Your e-mail address is now ${moved}` })).toBeVisible();
  // Every device was signed out, this one too: the page offers to sign in with the new address.
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();

  expect(
    (await request.post('/api/jwt', { data: { email: shopper.email, password: shopper.password } })).status(),
  ).toBe(401);
  await newestMailWith(shopper.email, ['Your Farmstall e-mail was changed']);
  await signInThroughForm(page, { email: moved, password: shopper.password });
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('region', { name: 'E-mail address' })).toContainText(
    `You sign in with ${moved} (verified).`,
  );
  await expect(banner(page)).toHaveCount(0);
});

import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { checkA11y, expect, test } from './fixtures.ts';
import { shot, unique, verifyEmailOf } from './helpers.ts';

const PICTURE = path.resolve('node_modules/@lobehub/fluent-emoji-3d/assets/1f955.webp');
const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };
const PASSWORD = 'Fresh#2026';

/** A customer created through the API, as the sign-up page would. */
async function newCustomer(request: APIRequestContext, label = 'shopper') {
  const id = unique(label);
  const user = { name: `Pat ${id}`, email: `${id}@example.com`, password: PASSWORD };
  const response = await request.post('/api/users', { data: user });
  expect(response.status()).toBe(201);
  await verifyEmailOf(request, user.email);
  return user;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function openAccountMenu(page: Page) {
  await mainNav(page)
    .getByRole('button', { name: /Account menu/ })
    .click();
}

test('sign up: every validation message, then an account with a picture', async ({ page }) => {
  await page.goto('/signUp');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(3);
  await expect(page.getByText('password is required')).toBeVisible();
  await checkA11y(page);

  const password = page.getByLabel('Password');
  await password.fill('Ab#1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Password must be 6 character')).toBeVisible();
  await password.fill('Abcdef#12345678901234');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Password less than 20 character')).toBeVisible();
  await password.fill('weakpassword');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByText('Password must have one upper case one lower case one number one special charcter'),
  ).toBeVisible();

  const id = unique('newbie');
  await page.getByLabel('Name').fill(`Robin ${id}`);
  await page.getByLabel('Email').fill(`${id}@example.com`);
  await password.fill(PASSWORD);
  await page.getByLabel('Your photo').setInputFiles(PICTURE);
  await expect(page.getByRole('img', { name: 'Your choice, as it will appear' })).toBeVisible();
  await shot(page, 'h2-signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Sign up has been successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('button', { name: `Account menu of Robin ${id}` })).toBeVisible();
  const avatar = mainNav(page)
    .getByRole('button', { name: /Account menu/ })
    .locator('img');
  await expect(avatar).toHaveAttribute('src', /\/uploads\//);
});

test('a taken e-mail is refused with the reason and the form is reset', async ({ page, request }) => {
  const existing = await newCustomer(request, 'taken');
  await page.goto('/signUp');
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Your photo').setInputFiles(PICTURE);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('An account with this e-mail already exists. Sign in instead.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
});

test('sign in returns to the page that asked for it; sign out shows Join Now again', async ({ page, request }) => {
  const user = await newCustomer(request);
  await page.goto('/member');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const { google } = await (await request.get('/api/auth/providers')).json();
  expect(google, 'the server under test has Google sign-in configured').toBe(true);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await checkA11y(page);
  await shot(page, 'h2-login');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByRole('heading', { name: 'Become a vendor' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Become a vendor' })).toBeVisible();
  await expect(page).toHaveURL(/\/member$/);

  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Join Now' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  const refreshed = await page.evaluate(() => fetch('/api/auth/refresh', { method: 'POST' }).then((r) => r.status));
  expect(refreshed).toBe(401);
});

test('without Google sign-in on the server, its button says so and cannot be pressed', async ({ page }) => {
  await page.route('**/api/auth/providers', (route) => route.fulfill({ json: { google: false } }));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Google sign-in is not set up on this server' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
});

test('a wrong password gets one generic message and the form is reset', async ({ page, request }) => {
  const user = await newCustomer(request);
  await page.goto('/login');
  await signIn(page, user.email, 'Wrong#Password1');
  await expect(page.getByText('The e-mail or password is not correct.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page).toHaveURL(/\/login$/);
});

test('a customer becomes a vendor and sees the vendor dashboard menu', async ({ page, request }) => {
  const user = await newCustomer(request, 'grower');
  await page.goto('/login');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(nav.getByText('+0')).toBeAttached();
  await nav.getByRole('link', { name: 'Become a vendor' }).first().click({ force: true });
  await expect(page).toHaveURL(/\/member$/);

  await page.getByRole('button', { name: 'Register my shop' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(5);
  await checkA11y(page);
  await page.getByLabel('Shop name').fill('Sunny Acres');
  await page.getByLabel('Shop established date').fill('2018-04-12');
  await page.getByLabel('Shop address').fill('4 Meadow Road, Springfield');
  await page.getByLabel('Phone number').fill('+1 555 010 7788');
  await page.getByLabel('Shop image').setInputFiles(PICTURE);
  await shot(page, 'h2-member');
  await page.getByRole('button', { name: 'Register my shop' }).click();
  await expect(page.getByText('You are now our Vendor')).toBeVisible();
  // The new vendor lands on the vendor home's setup checklist (issue 33, item 2), not the shoppers' home.
  await expect(page).toHaveURL(/\/dashboard\/vendorHome$/);
  await expect(page.getByRole('heading', { name: 'Set up your shop' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Become a vendor' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: /^Cart/ })).toHaveCount(0);

  await openAccountMenu(page);
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/vendorHome$/);
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  for (const label of [
    'Vendor Home',
    'Add Product',
    'My Products',
    'Orders',
    'Sale Stat',
    'Premium membership',
    'Home',
  ]) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeAttached();
  }
  await expect(menu.getByRole('link', { name: 'Customers' })).toHaveCount(0);
  await shot(page, 'h2-dashboard-vendor');
});

test('an admin finds a customer by e-mail and promotes them, then finds and deletes another', async ({
  page,
  request,
}) => {
  const promoted = await newCustomer(request, 'promote');
  const doomed = await newCustomer(request, 'delete');
  await page.goto('/login');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/allCustomer');
  await expect(page.getByRole('heading', { name: /^User List: \d+$/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  for (const label of ['Admin Home', 'Customers', 'Vendors', 'Admins', 'Coupons', 'Reported reviews']) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeAttached();
  }
  await expect(page.getByRole('columnheader', { name: 'Roll' })).toBeVisible();

  // The list is oldest first, so a new customer is on its last page: the admin finds them by a part of the e-mail,
  // and the heading still counts the whole list.
  const heading = await page.getByRole('heading', { name: /^User List: \d+$/ }).textContent();
  const search = page.getByRole('searchbox', { name: 'Search by name or e-mail' });
  const typed = promoted.email.split('@')[0].toUpperCase();
  const found = page.getByRole('status').filter({ hasText: 'matches' });
  await search.fill(typed);
  await expect(found).toHaveText(`1 account matches “${typed}”`);
  await expect(page.getByRole('heading', { name: heading ?? '' })).toBeVisible();
  const promote = page.getByRole('button', { name: `Make Admin: ${promoted.name}` });
  // The dialog says what the person gains; Escape cancels and gives the focus back to the button.
  await promote.click();
  const asking = page.getByRole('dialog', { name: `Make ${promoted.name} an admin?` });
  await expect(asking).toBeVisible();
  await expect(asking).toContainText(`${promoted.name} gets the admin dashboard`);
  await expect(asking.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(asking).toBeHidden();
  await expect(promote).toBeFocused();
  await promote.click();
  await asking.getByRole('button', { name: 'Yes, make admin!' }).click();
  await expect(page.getByText(`${promoted.name} is an Admin Now!`)).toBeVisible();
  await checkA11y(page);
  await shot(page, 'h2-all-customers');

  // Made an admin, the first customer leaves the list. The delete dialog says what happens to a customer's data.
  await expect(found).toHaveText(`No account matches “${typed}”`);
  await search.fill(doomed.name);
  const remove = page.getByRole('button', { name: `Delete ${doomed.name}` });
  await remove.click();
  const deleting = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(deleting).toContainText('Their orders, payments and invoices stay on record');
  await expect(deleting.getByText("You won't be able to revert this!")).toBeVisible();
  await checkA11y(page);
  await shot(page, 'h2-delete-dialog', { fullPage: false });
  await deleting.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByRole('heading', { name: 'Deleted' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: `Delete ${doomed.name}` })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByRole('heading', { name: /^Admin List: \d+$/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: promoted.email })).toBeVisible();
  // No admin deletes their own account: their row says You instead.
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('You');
  await shot(page, 'h2-all-admins');
  await menu.getByRole('link', { name: 'Vendors' }).click();
  await expect(page.getByRole('heading', { name: /^Vendor List: \d+$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Shop Details of/ }).first()).toBeVisible();
  await checkA11y(page);
  await shot(page, 'h2-all-vendors');

  const login = await request.post('/api/jwt', { data: { email: doomed.email, password: doomed.password } });
  expect(login.status()).toBe(401);
});

test('a customer is turned away from an admin page to /login', async ({ page, request }) => {
  const user = await newCustomer(request);
  await page.goto('/login');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/allCustomer');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(`You are signed in as ${user.email}`)).toBeVisible();
  await checkA11y(page);

  await page.goto('/dashboard/userHome');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'My Cart (0)' })).toBeAttached();
  await expect(menu.getByRole('link', { name: 'Payment History' })).toBeAttached();
  await shot(page, 'h2-dashboard-customer');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(menu.getByRole('link', { name: 'Payment History' })).not.toBeInViewport();
  await page.getByText('Dashboard menu').click();
  await expect(menu.getByRole('link', { name: 'Payment History' })).toBeInViewport();
  await checkA11y(page);
  await shot(page, 'h2-dashboard-phone', { fullPage: false });
  await menu.getByRole('link', { name: 'User Home' }).click();
  await expect(menu.getByRole('link', { name: 'Payment History' })).not.toBeInViewport();
});

test('a signed-out visitor of a dashboard page goes to /login and comes back after signing in', async ({
  page,
  request,
}) => {
  const user = await newCustomer(request);
  await page.goto('/dashboard/userHome');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/userHome$/);
});

/**
 * playwright.config.ts starts the server with GOOGLE_ISSUER=http://127.0.0.1:<E2E_PORT + 1000>: this test
 * plays the provider there with oauth2-mock-server.
 */
test.describe('Google sign-in through a local OpenID Connect server', () => {
  let oidc: OAuth2Server | undefined;
  const id = unique('google');
  const identity = { sub: id, email: `${id}@example.com`, email_verified: true, name: `Gale ${id}` };

  test.beforeAll(async ({ request }) => {
    const { google } = await (await request.get('/api/auth/providers')).json();
    expect(google, 'the server under test has Google sign-in configured').toBe(true);
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, identity));
    const port = Number(process.env.E2E_PORT ?? 4173) + 1000;
    await oidc.start(port, '127.0.0.1');
    oidc.issuer.url = `http://127.0.0.1:${port}`;
  });
  test.afterAll(async () => {
    await oidc?.stop();
  });

  test('the popup signs a new customer in and the page follows', async ({ page }) => {
    await page.goto('/login');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const window = await popup;
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('button', { name: `Account menu of ${identity.name}` })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Become a vendor' })).toBeAttached();
    await expect.poll(() => window.isClosed()).toBe(true);
  });
});

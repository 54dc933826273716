import path from 'node:path';
import { checkA11y, expect, test } from './fixtures.ts';
import { PHONE_AND_LAPTOP, registerCustomer, shot } from './helpers.ts';

const PICTURE = path.resolve('node_modules/@lobehub/fluent-emoji-3d/assets/1f955.webp');

/**
 * The profile (issue 31, items 3 and 6): a shopper signed in on two devices sees both, signs the other one out (its
 * next request is refused), edits the name, phone, default address and photo, and changes the password, staying
 * signed in here.
 */
test('a shopper signs another device out and changes the password from the profile', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await registerCustomer(request, 'profile');
  const signInThrough = async (target: typeof page) => {
    await target.goto('/login');
    await target.getByLabel('Email').fill(shopper.email);
    await target.getByLabel('Password', { exact: true }).fill(shopper.password);
    await target.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(target.getByText('You are signed in')).toBeVisible();
  };
  const other = await browser.newContext({ userAgent: 'Kitchen tablet' });
  const tablet = await other.newPage();
  await signInThrough(tablet);
  await signInThrough(page);

  await page.goto('/dashboard/profile');
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  // This browser, the tablet, and the API sign-in that made the account's token.
  await expect(devices.getByRole('listitem')).toHaveCount(3);
  await expect(devices).toContainText('(this device)');
  await expect(devices).toContainText('Kitchen tablet');
  await checkA11y(page);
  await shot(page, 'profile', { widths: PHONE_AND_LAPTOP });

  await devices.getByRole('button', { name: /^Sign out Kitchen tablet/ }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices).not.toContainText('Kitchen tablet');
  const refused = await tablet.evaluate(async () => {
    const token = localStorage.getItem('access-token');
    return (await fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).status;
  });
  expect(refused).toBe(401);
  await other.close();

  // Name and phone: saved, and the new name is the account's at once.
  const details = page.getByRole('region', { name: 'Your details' });
  await details.getByLabel('Name').fill('Tess Renamed');
  await details.getByLabel('Phone (optional)').fill('call me');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Enter a valid phone number')).toBeVisible();
  await details.getByLabel('Phone (optional)').fill('+1 503 555 0123');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toContainText('Tess Renamed');

  // The default delivery address, where checkout starts: the ZIP code goes with it.
  await details.getByLabel('Default delivery address (optional)').fill('12 Orchard Lane, Hood River');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Enter the ZIP code of this address')).toBeVisible();
  await details.getByLabel('ZIP code').fill('97031');
  // The toast of the first save may still show: wait for this save's own answer.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/users/me/details') && r.request().method() === 'PUT',
  );
  await details.getByRole('button', { name: 'Save details' }).click();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(details.getByLabel('Default delivery address (optional)')).toHaveValue('12 Orchard Lane, Hood River');
  const plan = await page.evaluate(async () => {
    const token = localStorage.getItem('access-token');
    return (await fetch('/api/cart/fulfilment', { headers: { authorization: `Bearer ${token}` } })).json();
  });
  expect(plan.deliveryAddress).toEqual({ address: '12 Orchard Lane, Hood River', postcode: '97031' });

  // A new photo replaces the sign-up picture beside the name.
  const photo = page.getByRole('region', { name: 'Photo' });
  await photo.getByLabel('New photo').setInputFiles(PICTURE);
  // The picture is processed on upload (AVIF and WebP sizes): on a busy machine that takes a while.
  const photoSaved = page.waitForResponse((r) => r.url().endsWith('/api/users/me/photo'), { timeout: 45_000 });
  await photo.getByRole('button', { name: 'Save photo' }).click();
  expect((await photoSaved).ok()).toBe(true);
  await expect(photo.locator('img').first()).toHaveAttribute('src', /\/uploads\//);

  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password', { exact: true }).fill('Changed#Leeks9');
  await password.getByLabel('New password again').fill('Changed#Leeks9');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Your current password is not correct.')).toBeVisible();
  await password.getByLabel('Current password').fill(shopper.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed')).toBeVisible();
  // Still signed in here, with the new token.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  // The e-mails are chosen here too (every e-mail's footer links to this section).
  const choices = page.getByRole('region', { name: 'E-mails I receive' });
  const progress = choices.getByRole('checkbox', { name: /My orders’ progress/ });
  await expect(progress).toBeChecked();
  await progress.click();
  await expect(page.getByText('Your e-mail choice is saved')).toBeVisible();
  await expect(progress).not.toBeChecked();
  const signedIn = await request.post('/api/jwt', { data: { email: shopper.email, password: 'Changed#Leeks9' } });
  expect(signedIn.ok()).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a shopper on a phone sets a default address and a photo on the profile', async ({ page, request }) => {
    test.setTimeout(120_000);
    const shopper = await registerCustomer(request, 'profile-phone');
    await page.goto('/login');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('You are signed in')).toBeVisible();

    await page.goto('/dashboard/profile');
    const details = page.getByRole('region', { name: 'Your details' });
    await details.getByLabel('Default delivery address (optional)').fill('3 River Rd, The Dalles');
    await details.getByLabel('ZIP code').fill('97058');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your details are saved')).toBeVisible();
    const photo = page.getByRole('region', { name: 'Photo' });
    await photo.getByLabel('New photo').setInputFiles(PICTURE);
    const photoSaved = page.waitForResponse((r) => r.url().endsWith('/api/users/me/photo'), { timeout: 45_000 });
    await photo.getByRole('button', { name: 'Save photo' }).click();
    expect((await photoSaved).ok()).toBe(true);
    await expect(photo.locator('img').first()).toHaveAttribute('src', /\/uploads\//);
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.reload();
    await expect(details.getByLabel('ZIP code')).toHaveValue('97058');
    await checkA11y(page);
  });
});

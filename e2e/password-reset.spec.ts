import { checkA11y, expect, test } from './fixtures.ts';
import { PHONE_AND_LAPTOP, registerCustomer, shot } from './helpers.ts';
import { mailWith } from './mail.ts';

/**
 * A forgotten password (issue 31, item 1), on a phone: "Forgot password?" on the sign-in page, the e-mailed link read
 * from the mail folder, a new password set on the page it opens, signed in with it; the old password and the old
 * session are out, and the link works once.
 */
test('a shopper who forgot the password sets a new one from the e-mailed link and signs in with it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await registerCustomer(request, 'reset');
  const fresh = 'Fresh#Basil42';

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this e-mail, we have sent it a link');
  await checkA11y(page);
  await shot(page, 'forgot-password', { widths: PHONE_AND_LAPTOP });

  const mail = await mailWith(shopper.email, ['Set a new password for Farmstall']);
  const link = /\/resetPassword\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link, 'the e-mail carries the link').toBeTruthy();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link as string);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page.getByText('Password must be 6 character')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('New password again').fill(fresh);
  await checkA11y(page);
  await shot(page, 'reset-password', { widths: PHONE_AND_LAPTOP });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page.getByText('Your new password is set')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The new password signs in; the old one and the session from before no longer do.
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('You are signed in')).toBeVisible();
  expect(
    (await request.post('/api/jwt', { data: { email: shopper.email, password: shopper.password } })).status(),
  ).toBe(401);
  const before = await request.get('/api/users/me', { headers: { authorization: `Bearer ${shopper.token}` } });
  expect(before.status()).toBe(401);

  // The link was spent.
  await page.goto(link as string);
  await page.getByLabel('New password', { exact: true }).fill('Another#Leek7');
  await page.getByLabel('New password again').fill('Another#Leek7');
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page.getByText('This link to set a new password has expired or was already used.')).toBeVisible();
});

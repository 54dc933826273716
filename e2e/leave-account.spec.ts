import { readFile } from 'node:fs/promises';
import { checkA11y, expect, test } from './fixtures.ts';
import { PHONE_AND_LAPTOP, registerCustomer } from './helpers.ts';

/**
 * Leaving with one's data (issue 31, item 4; docs/privacy.md): a shopper downloads their data from the profile (the
 * file is their export), deletes the account (a wrong password is refused, the right one signs them out with a word
 * that it is done), then cannot sign in, and the same e-mail signs up again as a new account; at a phone's and a
 * laptop's width.
 */
for (const width of PHONE_AND_LAPTOP) {
  test(`a shopper downloads their data and deletes the account (${width}px)`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const shopper = await registerCustomer(request, 'leave', { name: 'Lena Leaving' });

    await page.goto('/login');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('You are signed in')).toBeVisible();

    await page.goto('/dashboard/profile');
    const yourData = page.getByRole('region', { name: 'Your data' });
    await expect(yourData).toBeVisible();

    // The download: a JSON file of the export, this account's.
    const downloading = page.waitForEvent('download');
    await yourData.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^farmstall-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = test.info().outputPath('my-data.json');
    await download.saveAs(file);
    const data = JSON.parse(await readFile(file, 'utf8'));
    expect(data).toMatchObject({
      format: 'farmstall-export/1',
      account: { email: shopper.email, name: 'Lena Leaving', role: 'customer' },
      orders: [],
      shop: null,
    });
    expect(Array.isArray(data.sessions)).toBe(true);

    // Deleting: the dialog says what happens and asks the password again.
    await yourData.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('This cannot be undone');
    await checkA11y(page);
    await dialog.getByLabel('Your password').fill('Not#MyPassword1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('alert')).toContainText('That is not your password');
    await dialog.getByLabel('Your password').fill(shopper.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account is deleted and your personal data erased')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();

    // The old token is refused, and the e-mail no longer signs in.
    const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(me.status()).toBe(401);
    await page.goto('/login');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('The e-mail or password is not correct.')).toBeVisible();

    // The same e-mail signs up again, as a new account.
    const again = await request.post('/api/users', {
      data: { name: 'Lena Returns', email: shopper.email, password: 'Returning#2026!' },
    });
    expect(again.ok(), await again.text()).toBe(true);
    const signedIn = await request.post('/api/jwt', { data: { email: shopper.email, password: 'Returning#2026!' } });
    expect(signedIn.ok()).toBe(true);
  });
}

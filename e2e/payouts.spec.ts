import { checkA11y, expect, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith, tokenOf } from './helpers.ts';

/**
 * Payouts: a new vendor connects a sandbox payout account from its Payouts page (test bank details, a wrong account
 * number refused beside its field), and an admin changes the marketplace's commission for orders placed from now on.
 */

const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };

test('a vendor connects a sandbox payout account from the Payouts page', async ({ page, request }) => {
  test.setTimeout(150_000);
  const owner = await registerCustomer(request, 'Paula');
  const becameVendor = await request.patch(`/api/users/email/${encodeURIComponent(owner.email)}`, {
    headers: bearer(owner.token),
    data: {
      shop: `Paula's Plums ${Date.now().toString(36)}`,
      date: '2020-04-01',
      address: '5 Plum Lane',
      phone: '+1 503 555 0100',
      image: '/favicon.svg',
    },
  });
  expect(becameVendor.ok(), await becameVendor.text()).toBe(true);
  await signInWith(page, await tokenOf(request, owner));

  await page.goto('/dashboard/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect a payout account' }).click();
  await expect(page.getByRole('heading', { name: 'Bank account for payouts' })).toBeVisible();
  await checkA11y(page);
  await shot(page, 'payouts-onboarding', { widths: PHONE_AND_LAPTOP });

  await page.getByLabel('Account holder').fill('Paula Plum');
  await page.getByLabel('Routing number').fill('110000000');
  await page.getByLabel('Account number').fill('000111111116');
  await page.getByRole('button', { name: 'Verify account' }).click();
  // Refused beside its field.
  await expect(page.locator('#bank-accountNumber-error')).toHaveText(
    'Use the test account 000123456789 with routing number 110000000',
  );

  await page.getByLabel('Account number').fill('000123456789');
  await page.getByRole('button', { name: 'Verify account' }).click();
  await expect(page.getByText(/^Your payout account is verified: each order/)).toBeVisible();
  await checkA11y(page);
  await shot(page, 'payouts-verified', { widths: PHONE_AND_LAPTOP });
});

test('an admin changes the commission for orders placed from now on', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await tokenOf(request, ADMIN);
  await signInWith(page, token);
  await page.goto('/dashboard/commission');
  await expect(page.getByRole('heading', { name: 'Commission', exact: true })).toBeVisible();
  const before = (await (await request.get('/api/admin/commission', { headers: bearer(token) })).json()).current;

  await page.getByLabel('Normal shops (%)').fill('60');
  await page.getByRole('button', { name: 'Save commission' }).click();
  await expect(page.getByText('A commission is at most 50%')).toBeVisible();
  await page.getByLabel('Normal shops (%)').fill('12.5');
  await page.getByLabel('Fee per order ($)').fill('0.3');
  await page.getByRole('button', { name: 'Save commission' }).click();
  await expect(page.getByText(`12.5% normal, ${before.premiumPercent}% premium, $0.30 per order`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Earlier commission rates' })).toContainText(
    `${before.normalPercent}%`,
  );
  await checkA11y(page);
  await shot(page, 'commission', { widths: PHONE_AND_LAPTOP });

  // Back to what it was, for the journeys beside this one.
  const restored = await request.put('/api/admin/commission', {
    headers: bearer(token),
    data: { normalPercent: before.normalPercent, premiumPercent: before.premiumPercent, orderFee: before.orderFee },
  });
  expect(restored.ok()).toBe(true);
});

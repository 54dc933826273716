import { checkA11y, expect, test } from './fixtures.ts';

test('home loads with the navbar, search box and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Farmstall' }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Join Now' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('combobox', { name: 'Search for item' }),
  ).toBeVisible();
  const contact = await (await page.request.get('/api/contact/details')).json();
  await expect(page.getByRole('contentinfo').getByText(contact.hours)).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Returns and refunds' })).toBeVisible();
  await checkA11y(page);
});

test('navigation reaches about and contact', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: 'What We Provide' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our Team' })).toBeVisible();
  await checkA11y(page);
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible();
});

test('an unknown route shows the error page with a way home', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('img', { name: /confused face/ })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('contact form: empty submit shows the messages, a valid one is stored and confirmed', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(5);
  await checkA11y(page);

  const subject = `Question ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill('Grace Buyer');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Phone').fill('+1 555 123 4567');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Do you deliver on Sundays?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
});

import { execFileSync } from 'node:child_process';
import { checkA11y, expect, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith, tokenOf } from './helpers.ts';
import { type Product, placeOrder } from './order-fixtures.ts';

/**
 * The paper of every PDF is the admin's marketplace setting (issue 33, item 6; decision 054): US Letter until the admin
 * picks A4 on Marketplace, and the next invoice a shopper downloads is A4. The paper is one setting for the whole
 * marketplace, so this journey runs in the "marketplace settings" project, after every other journey
 * (playwright.config.ts), and puts the setting back as it found it.
 */
const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };

/** The paper poppler reads from a PDF: "letter" or "A4". */
const paperOf = (pdf: string) =>
  /Page size:.*\((\w+)\)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1];

test('the admin picks A4 for printed documents and the shopper’s next invoice is A4', async ({ page, request }) => {
  const admin = await tokenOf(request, ADMIN);
  const before = await (await request.get('/api/marketplace')).json();
  try {
    const listed = (await (await request.get('/api/allProducts?limit=100')).json()) as Product[];
    const product = listed.find((p) => p.productQuantity.value >= 3 && !p.expired && p.sizes.count === 1);
    expect(product, 'a product in stock').toBeTruthy();
    const shopper = await registerCustomer(request, 'paper');
    const payment = await placeOrder(request, shopper.token, [product as Product]);

    await signInWith(page, admin);
    await page.goto('/dashboard/marketplace');
    const paper = page.getByRole('form', { name: 'Printed documents' });
    await expect(paper.getByRole('radio', { name: /US Letter/ })).toBeChecked();
    await paper.getByRole('radio', { name: /A4/ }).check();
    await paper.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Documents are now printed on A4')).toBeVisible();
    await checkA11y(page);
    await shot(page, 'paper-size', { widths: PHONE_AND_LAPTOP });
    await page.reload();
    await expect(paper.getByRole('radio', { name: /A4/ })).toBeChecked();

    await signInWith(page, shopper.token);
    await page.goto(`/dashboard/invoice/${payment._id}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect(paperOf((await (await download).path()) as string)).toBe('A4');
  } finally {
    const back = await request.put('/api/admin/marketplace', { headers: bearer(admin), data: before });
    expect(back.ok(), await back.text()).toBe(true);
  }
});

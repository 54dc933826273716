import { checkA11y, expect, test } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot } from './helpers.ts';
import type { Product } from './order-fixtures.ts';

/**
 * No lost intent at sign-in (issue 31, item 5): a visitor chooses 3 of a product and taps Add; the spec's "You are
 * not login" prompt sends them to sign in (found in the header, or on a phone in the ☰ menu), and they come back to
 * the product with the 3 in their cart and a toast saying so. On a phone and on a laptop.
 */
for (const width of PHONE_AND_LAPTOP) {
  test(`a visitor who taps Add, then signs in, finds the product and quantity in the cart (${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const shopper = await registerCustomer(request, `intent-${width}`);
    const response = await request.get('/api/allProducts?limit=100');
    const product = ((await response.json()) as (Product & { gramsPerPiece: number | null })[]).find(
      (p) => p.productQuantity.value >= 10 && !p.expired && !p.gramsPerPiece && p.sizes.count === 1,
    ) as Product;
    expect(product, 'a product with 10 in stock').toBeTruthy();

    await page.setViewportSize({ width, height: 844 });
    await page.goto('/');
    if (width < 1024) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in', exact: true }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
    } else {
      // The spec's "Join Now" in the bar opens the sign-in page (with its link to create an account).
      await expect(page.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/login');
    }

    await page.goto(`/productDetails/${product._id}`);
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: /^One more/ }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const prompt = page.getByRole('dialog');
    await expect(prompt).toContainText('You are not login');
    await prompt.getByRole('button', { name: 'Yes, Log in!' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/productDetails/${product._id}$`));
    await expect(page.getByText(`${product.productName} × 3 is in your cart`)).toBeVisible();
    // The navbar's cart says so too (it was read as empty when the sign-in showed it, before the add).
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    await checkA11y(page);
    if (width < 1024) await shot(page, 'sign-in-intent', { widths: [390] });
    const cart = await request.get(`/api/carts?email=${encodeURIComponent(shopper.email)}`, {
      headers: bearer(shopper.token),
    });
    expect(cart.ok(), await cart.text()).toBe(true);
    const lines = (await cart.json()) as { productId?: string; product_id?: string; amount: number; name: string }[];
    expect(lines.map((line) => [line.name, line.amount])).toEqual([[product.productName, 3]]);
  });
}

import type { Page } from '@playwright/test';
import { CATEGORIES } from '#contract/categories.ts';
import { dealsText } from '#contract/deals.ts';
import type { DeliveryTerms } from '#contract/delivery-terms.ts';
import { handoverText } from '#contract/delivery-terms-text.ts';
import { formatUnitPrice } from '#contract/money.ts';
import { RETURNS_POLICY } from '#contract/policies.ts';
import type { CardProduct, Deal } from '#contract/products.ts';
import { checkA11y, expect, test } from './fixtures.ts';

const NAMES = CATEGORIES.map((c) => c.label);

const carousel = (page: Page) => page.getByRole('region', { name: 'Browse All Category' });

test('phone: the carousel shows it scrolls and leads to all 12 categories, each under its one name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const cards = carousel(page).getByRole('link');
  await expect(cards).toHaveText(NAMES);

  // The third card peeks in from the right edge; the arrows are at least 24 px.
  // Polled: the carousel may lay its cards out again while the page settles (a box is briefly unavailable).
  await expect(cards.nth(2)).toBeInViewport();
  await expect
    .poll(async () => {
      const third = await cards.nth(2).boundingBox();
      return third !== null && third.x < 390 && third.x + third.width > 390;
    })
    .toBe(true);
  const next = carousel(page).getByRole('button', { name: 'Next categories' });
  await expect
    .poll(async () => {
      const box = await next.boundingBox();
      return box !== null && box.width >= 24 && box.height >= 24;
    })
    .toBe(true);
  await next.click();
  await expect(carousel(page).getByRole('button', { name: 'Previous categories' })).toBeEnabled();

  const paths = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const [i, path] of paths.entries()) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAMES[i]);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(NAMES[i]);
  }
});

test('the menu lists the 12 categories on a phone and on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const phoneList = page.getByRole('list', { name: 'Categories' }).filter({ visible: true });
  await expect(phoneList.getByRole('link')).toHaveText(NAMES);
  await phoneList.getByRole('link', { name: 'Regional Food' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regional Food');

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Categories' }).click();
  const desktopList = page.getByRole('list', { name: 'Categories' }).filter({ visible: true });
  await expect(desktopList.getByRole('link')).toHaveText(NAMES);
  await desktopList.getByRole('link', { name: 'Beverage' }).click();
  await expect(page).toHaveURL(/\/beveragesProducts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beverage');
});

test('deals show their discount and end; premium shops their badge', async ({ page }) => {
  await page.goto('/');
  // The shelf's own items (each card also lists its dietary labels).
  const deals = page.getByRole('list', { name: 'Deals of the day' }).locator(':scope > li');
  await expect(deals).toHaveCount(3);
  for (const deal of await deals.all()) {
    await expect(deal.locator('del')).toHaveText(/^\$\d+\.\d\d$/);
    await expect(deal.getByText(/^−\d+%$/)).toBeVisible();
    await expect(deal.getByRole('timer', { name: 'Deal ends in' })).toBeVisible();
    await expect(deal.getByText(/^Ends /)).toBeVisible();
  }

  await page.goto('/shopList');
  const dairy = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Meadow Creek Dairy' }) });
  await expect(dairy.getByText('Premium shop')).toBeVisible();
  await dairy.getByRole('link', { name: 'Visit Store: Meadow Creek Dairy' }).click();
  await expect(page.getByRole('heading', { name: 'Meadow Creek Dairy', level: 1 })).toBeVisible();
  // The shop's page says it once, in its header, not on each of its cards.
  await expect(page.getByText('Premium shop')).toHaveCount(1);
  const card = page.getByRole('list', { name: 'Meadow Creek Dairy products' }).getByRole('article').first();
  await expect(card.getByText('Premium shop')).toHaveCount(0);
  // Elsewhere the shop's cards carry the badge.
  const name = await card.getByRole('heading').innerText();
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  const found = page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(found.first().getByText('Premium shop')).toBeVisible();
  await expect(page.getByRole('link', { name: /facebook|instagram|youtube/i })).toHaveCount(0);
  await checkA11y(page);
});

test('one returns policy and one set of contact details, with no promise the site does not keep', async ({ page }) => {
  const details = await (await page.request.get('/api/contact/details')).json();
  await page.goto('/');
  await expect(page.getByText(/50% off|newsletter|within 30 days/i)).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  for (const line of [details.address, details.phone, details.email]) await expect(footer).toContainText(line);
  await page.getByRole('link', { name: RETURNS_POLICY.short }).click();
  await expect(page).toHaveURL(/\/about#returns$/);
  await expect(page.getByRole('region', { name: 'Returns and refunds' })).toContainText(RETURNS_POLICY.text);
  await expect(page.getByRole('region', { name: 'Find us' })).toContainText(details.phone);
  await page.goto('/contact');
  await expect(page.getByRole('region', { name: 'Our office' })).toContainText(details.address);
  await expect(page.getByRole('region', { name: 'Our office' })).toContainText(details.email);
});

test("the home page's banners and value cards say what the shops and the deals really do", async ({ page }) => {
  const terms: DeliveryTerms = await (await page.request.get('/api/delivery-terms')).json();
  const deals: Deal[] = await (await page.request.get('/api/deals')).json();
  // The demo: every shop has pickup, most deliver, for a fee.
  expect(terms.pickupShops).toBe(terms.shops);
  expect(terms.deliveryShops).toBeLessThan(terms.shops);
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Why shop with us' });
  await expect(cards.getByRole('listitem').filter({ hasText: 'Pickup & delivery' })).toContainText(handoverText(terms));
  await expect(cards.getByRole('listitem').filter({ hasText: 'Deals' })).toContainText(
    dealsText(deals.map((d) => d.deal.discountPercent)),
  );
  await expect(page.getByText(/free delivery|no delivery fee|every day|a day:/i)).toHaveCount(0);

  // "Fresh Vegetables Big Discount" opens vegetables that are on deal, each with its old price and saving.
  await page.getByRole('button', { name: 'Go to slide 1' }).click();
  await page.getByRole('link', { name: 'Shop vegetable deals' }).click();
  await expect(page).toHaveURL(/\/vegetableProducts#deals$/);
  const onDeal = page.getByRole('list', { name: 'Vegetables on deal' }).locator(':scope > li');
  await expect(onDeal).not.toHaveCount(0);
  for (const card of await onDeal.all()) {
    await expect(card.locator('del')).toHaveText(/^\$\d+\.\d\d$/);
    await expect(card.getByText(/^−\d+%$/)).toBeVisible();
  }
  await checkA11y(page);
});

test('the footer\'s "Install the app" is backed by a web app manifest; the sign-in panel promises no door delivery', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('contentinfo')).toContainText('Add to Home Screen');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href ?? '')).json();
  expect(manifest).toMatchObject({ name: 'Farmstall', display: 'standalone', start_url: '/' });
  for (const icon of manifest.icons as { src: string }[]) {
    expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await expect(
    page.getByText('Fresh food from local farms, for pickup or delivery as each shop offers.'),
  ).toBeVisible();
  await expect(page.getByText(/delivered to your door/i)).toHaveCount(0);
});

test('a product sold by weight gives its price per kg in its title and schema.org data', async ({ page }) => {
  const products: CardProduct[] = await (await page.request.get('/api/allProducts?limit=100')).json();
  // One size: a product in several (the demo lamb) says "from" and gives an AggregateOffer (seo.spec.ts).
  const weighed = products.find((p) => p.soldByWeight && p.sizes.count === 1);
  expect(weighed, 'the demo sells some goods by weight').toBeTruthy();
  const p = weighed as CardProduct;
  const price = p.markdown?.price ?? p.deal?.price ?? p.productPrice;
  await page.goto(`/productDetails/${p._id}`);
  await expect(page).toHaveTitle(`${p.productName} from ${p.shopName}, ${formatUnitPrice(price, 'kg')} · Farmstall`);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
  expect(data.offers.priceSpecification).toMatchObject({
    '@type': 'UnitPriceSpecification',
    price: price.toFixed(2),
    referenceQuantity: { value: 1, unitCode: 'KGM' },
  });
});

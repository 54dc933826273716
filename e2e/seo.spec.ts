import { formatUnitPrice } from '#contract/money.ts';
import type { CardProduct, OfferedProduct } from '#contract/products.ts';
import { expect, test } from './fixtures.ts';

/**
 * What a search engine reads from a page (issue 16, item 2): its own title and description, the canonical link, the
 * product's schema.org data; robots.txt and the sitemap; an unknown URL answered 404 with the Not Found page.
 */

const canonical = (page: import('@playwright/test').Page) => page.locator('link[rel="canonical"]');

test('home, a category and a product each have their own title, description and canonical link', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Farmstall: a grocery store for local food');
  await expect(canonical(page)).toHaveAttribute('href', new URL('/', page.url()).href);

  await page.goto('/fruitProducts');
  await expect(page).toHaveTitle('Fresh Fruit · Farmstall');
  await expect(canonical(page)).toHaveAttribute('href', new URL('/fruitProducts', page.url()).href);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Fresh Fruit from local shops/);

  const products = (await (await page.request.get('/api/allProducts?limit=20')).json()) as CardProduct[];
  // A product of one size, sold by the spec's unit (one Offer; a product in several sizes is the test below).
  const product = products.find(
    (p) => p.sizes.count === 1 && ['kg', 'liter', 'piece'].includes(p.productQuantity.unit),
  ) as CardProduct;
  const price = (product.deal?.price ?? product.productPrice).toFixed(2);
  await page.goto(`/productDetails/${product._id}`);
  const shown = formatUnitPrice(product.deal?.price ?? product.productPrice, product.productQuantity.unit);
  await expect(page).toHaveTitle(`${product.productName} from ${product.shopName}, ${shown} · Farmstall`);
  await expect(page.locator('title')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(canonical(page)).toHaveAttribute('href', new URL(`/productDetails/${product._id}`, page.url()).href);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.productName,
    offers: { '@type': 'Offer', price, priceCurrency: 'USD', seller: { name: product.shopName } },
  });
});

test('a product in several sizes offers each to search engines in one AggregateOffer (decision 052)', async ({
  page,
}) => {
  const found = await page.request.get('/api/products', { params: { q: 'Pasture-Raised Eggs', limit: 5 } });
  const card = ((await found.json()).items as CardProduct[]).find((p) => p.sizes.count > 1) as CardProduct;
  const eggs = (await (await page.request.get(`/api/singleProduct/${card._id}`)).json()) as OfferedProduct;
  expect(eggs.options.map((o) => o.label)).toEqual(['Half dozen', 'Dozen']);
  await page.goto(`/productDetails/${eggs._id}`);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
  const paid = eggs.options.map((o) => o.salePrice ?? o.price);
  expect(data.offers).toMatchObject({
    '@type': 'AggregateOffer',
    priceCurrency: 'USD',
    lowPrice: Math.min(...paid).toFixed(2),
    highPrice: Math.max(...paid).toFixed(2),
    offerCount: 2,
    offers: eggs.options.map((o, i) => ({
      '@type': 'Offer',
      name: o.label,
      sku: o.sku,
      price: paid[i].toFixed(2),
      priceCurrency: 'USD',
      availability: `https://schema.org/${o.available > 0 ? 'InStock' : 'OutOfStock'}`,
      seller: { name: eggs.shopName },
    })),
  });
  // The half dozen is a pack of 6 pieces, the dozen 12: each offer's price is for what one holds.
  expect(data.offers.offers.map((o: { priceSpecification: unknown }) => o.priceSpecification)).toMatchObject([
    { '@type': 'UnitPriceSpecification', referenceQuantity: { value: 6, unitCode: 'H87' } },
    { '@type': 'UnitPriceSpecification', referenceQuantity: { value: 12, unitCode: 'H87' } },
  ]);
});

test('robots.txt and the sitemap are real files; an unknown URL is a 404 that shows the Not Found page', async ({
  page,
}) => {
  const robots = await page.request.get('/robots.txt');
  expect(await robots.text()).toContain('Disallow: /dashboard');
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<urlset');

  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Farmstall');
});

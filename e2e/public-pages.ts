import type { APIRequestContext } from '@playwright/test';

/**
 * The public pages, with a product, a shop, a category and a subscription plan (the first in the sitemap) of the demo
 * catalogue, and a page that does not exist.
 */
export async function publicPages(request: APIRequestContext): Promise<string[]> {
  const products = await (await request.get('/api/products?limit=1')).json();
  const shops = await (await request.get('/api/shops?limit=1')).json();
  const plan = /<loc>[^<]*?(\/subscriptions\/[0-9a-f-]{36})<\/loc>/.exec(
    await (await request.get('/sitemap.xml')).text(),
  );
  if (!plan) throw new Error('The demo has no subscription plan in the sitemap');
  return [
    '/',
    '/milkProducts',
    '/category/fruit',
    `/productDetails/${products.items[0]._id}`,
    '/shopList',
    `/shopDetails/${shops[0]._id}`,
    plan[1],
    '/search?q=tomato',
    '/about',
    '/contact',
    '/login',
    '/signUp',
    '/no-such-page',
  ];
}

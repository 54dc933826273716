import type { APIRequestContext } from '@playwright/test';

/** The public pages, with a product, a shop and a category of the demo catalogue, and a page that does not exist. */
export async function publicPages(request: APIRequestContext): Promise<string[]> {
  const products = await (await request.get('/api/products?limit=1')).json();
  const shops = await (await request.get('/api/shops?limit=1')).json();
  return [
    '/',
    '/milkProducts',
    '/category/fruit',
    `/productDetails/${products.items[0]._id}`,
    '/shopList',
    `/shopDetails/${shops[0]._id}`,
    '/search?q=tomato',
    '/about',
    '/contact',
    '/login',
    '/signUp',
    '/no-such-page',
  ];
}

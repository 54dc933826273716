import { FEATURED_CATEGORY_ROUTES } from './categories.ts';

/**
 * Every page of the web app as a route pattern (`:name` is one path segment). The server answers any other path
 * with 404 (and the app's Not Found page); src/web/app-paths.test.tsx checks this list against the web router.
 */
export const APP_PATH_PATTERNS: readonly string[] = [
  '/',
  '/about',
  '/contact',
  '/login',
  '/signUp',
  '/member',
  ...FEATURED_CATEGORY_ROUTES.map((route) => route.path),
  '/category/:value',
  '/productDetails/:id',
  '/shopList',
  '/shopDetails/:id',
  '/search',
  '/dashboard',
  ...[
    'allCustomer',
    'allVendor',
    'allAdmin',
    'adminHome',
    'reportedReviews',
    'addProduct',
    'vendorProduct',
    'userHome',
    'userCart',
    'userPayment',
    'userPaymentHistory',
    'invoice/:id',
    'payment',
    'coupons',
    'commission',
    'shopPayouts',
    'tax',
    'vendorHome',
    'vendorOrder',
    'vendorOrder/slot/:slotId/pick-list',
    'vendorOrder/slot/:slotId/packing-slips',
    'vendorRevenue',
    'fulfilment',
    'payouts',
    'review/:productId',
    'notifications',
    'outbox',
    'favourites',
  ].map((page) => `/dashboard/${page}`),
];

const segments = (path: string) => path.split('/').filter(Boolean);

/** Whether a URL path (no query) is one of the app's pages; a trailing slash is allowed, as the router allows it. */
export function isAppPath(pathname: string): boolean {
  const parts = segments(pathname);
  return APP_PATH_PATTERNS.some((pattern) => {
    const expected = segments(pattern);
    return (
      expected.length === parts.length &&
      expected.every((segment, i) => (segment.startsWith(':') ? parts[i] !== '' : segment === parts[i]))
    );
  });
}

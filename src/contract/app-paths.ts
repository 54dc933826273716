import { FEATURED_CATEGORY_ROUTES } from './categories.ts';

/**
 * Every page of the web app but home, by name: its route pattern below the root (`:name` is one path segment). The
 * web router's routes take their paths from here, the web app's links from `paths` (src/web/paths.ts, made of this),
 * and the server answers any path not listed with 404 (and the app's Not Found page). A new page is one line here
 * and its route entry; src/web/app-paths.test.tsx checks this list against the web router.
 */
export const PAGES = {
  about: 'about',
  contact: 'contact',
  login: 'login',
  signUp: 'signUp',
  forgotPassword: 'forgotPassword',
  resetPassword: 'resetPassword',
  verifyEmail: 'verifyEmail',
  member: 'member',
  category: 'category/:value',
  productDetails: 'productDetails/:id',
  shopList: 'shopList',
  shopDetails: 'shopDetails/:id',
  subscriptionPlan: 'subscriptions/:id',
  search: 'search',
  dashboard: 'dashboard',
} as const;

/** The dashboard's pages by name: each one's route pattern below /dashboard. */
export const DASHBOARD_PAGES = {
  allCustomer: 'allCustomer',
  allVendor: 'allVendor',
  allAdmin: 'allAdmin',
  adminHome: 'adminHome',
  adminOrders: 'adminOrders',
  adminOrder: 'adminOrders/:id',
  reportedReviews: 'reportedReviews',
  addProduct: 'addProduct',
  vendorProduct: 'vendorProduct',
  userHome: 'userHome',
  userCart: 'userCart',
  userPayment: 'userPayment',
  userPaymentHistory: 'userPaymentHistory',
  invoice: 'invoice/:id',
  payment: 'payment',
  coupons: 'coupons',
  commission: 'commission',
  memberships: 'memberships',
  shopPayouts: 'shopPayouts',
  tax: 'tax',
  marketplace: 'marketplace',
  vendorHome: 'vendorHome',
  vendorOrder: 'vendorOrder',
  pickList: 'vendorOrder/slot/:slotId/pick-list',
  packingSlips: 'vendorOrder/slot/:slotId/packing-slips',
  vendorRevenue: 'vendorRevenue',
  fulfilment: 'fulfilment',
  vendorSubscriptions: 'vendorSubscriptions',
  vendorRoster: 'vendorRoster',
  shopProfile: 'shopProfile',
  payouts: 'payouts',
  review: 'review/:productId',
  catalogueImport: 'catalogueImport',
  shopCatalogue: 'shopCatalogue',
  notifications: 'notifications',
  outbox: 'outbox',
  favourites: 'favourites',
  subscriptions: 'subscriptions',
  profile: 'profile',
} as const;

/** Every page of the web app as a route pattern from the root: home, the pages above, the featured categories'. */
export const APP_PATH_PATTERNS: readonly string[] = [
  '/',
  ...Object.values(PAGES).map((page) => `/${page}`),
  ...FEATURED_CATEGORY_ROUTES.map((route) => route.path),
  ...Object.values(DASHBOARD_PAGES).map((page) => `/${PAGES.dashboard}/${page}`),
];

/** A link to a page: its path, or for a pattern with a parameter (`:id`) the path with the value in its place. */
type Link<Pattern extends string> = Pattern extends `${string}:${string}` ? (value: string) => string : Pattern;

/** The links to each page of `pages` (route patterns below `parent`), by the same names. */
function linksTo<Pages extends Record<string, string>, Parent extends string>(
  parent: Parent,
  pages: Pages,
): { [Name in keyof Pages]: Link<`${Parent}/${Pages[Name]}`> } {
  return Object.fromEntries(
    Object.entries(pages).map(([name, page]) => {
      const pattern = `${parent}/${page}`;
      return [name, pattern.includes(':') ? (value: string) => pattern.replace(/:[^/]+/, value) : pattern];
    }),
  ) as { [Name in keyof Pages]: Link<`${Parent}/${Pages[Name]}`> };
}

const { dashboard: _dashboard, ...rootPages } = PAGES;

/**
 * The link to every page, by the names above: `PAGE_LINKS.productDetails(id)`, `PAGE_LINKS.dashboard.invoice(id)`.
 * The web app's `paths` and the server's links (the sitemap) are these.
 */
export const PAGE_LINKS = {
  home: '/',
  ...linksTo('', rootPages),
  dashboard: linksTo(`/${PAGES.dashboard}`, DASHBOARD_PAGES),
} as const;

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

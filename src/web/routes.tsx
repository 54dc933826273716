import { queryOptions } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { PAGES } from '#contract/app-paths.ts';
import { deliveryTermsQuery } from './api/delivery-terms.ts';
import { pageQuery, prefetch } from './api/query-client.ts';
import { accountDashboardRoutes, profileDashboardRoutes } from './features/accounts/account-dashboard-routes.tsx';
import { accountRoutes } from './features/accounts/account-routes.tsx';
import { adminDashboardRoutes } from './features/admin-dashboard/admin-dashboard-routes.tsx';
import { catalogDashboardRoutes } from './features/catalog/catalog-dashboard-routes.tsx';
import { catalogRoutes } from './features/catalog/catalog-routes.tsx';
import { checkoutDashboardRoutes } from './features/checkout/checkout-dashboard-routes.tsx';
import { favouritesDashboardRoutes } from './features/favourites/favourites-routes.tsx';
import { getDeals } from './features/home/get-deals.ts';
import { lastChanceQuery } from './features/home/get-last-chance.ts';
import { getPopularProducts } from './features/home/get-popular-products.ts';
import { notificationsDashboardRoutes } from './features/notifications/notifications-routes.tsx';
import { subscriberDashboardRoutes } from './features/subscriptions/subscriber-routes.tsx';
import {
  rosterDashboardRoutes,
  subscriptionDashboardRoutes,
  subscriptionRoutes,
} from './features/subscriptions/subscriptions-routes.tsx';
import { vendorDashboardRoutes } from './features/vendor-dashboard/vendor-dashboard-routes.tsx';
import { contactDetailsQuery } from './layout/contact-details.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { marketplaceQuery } from './ui/distance-unit.ts';
import { PageLoader } from './ui/PageLoader.tsx';
import { withErrorBoundaries } from './ui/RouteError.tsx';

// The home page's first queries, with the keys of useDeals, usePopularProducts (all categories) and useLastChance
// (and useDeliveryTerms, also About's).
const deals = queryOptions({ queryKey: ['deals'], queryFn: getDeals });
const popular = queryOptions({
  queryKey: ['products', 'popular', 'all'],
  queryFn: () => getPopularProducts(undefined),
});

/**
 * Every page is its own chunk, loaded when first visited. Each feature lists its routes in its own file. Every
 * route has an error boundary (a retry, or a reload when a page's chunk is gone after a release). A page's loader
 * starts its first queries while its chunk loads (see `prefetch`).
 */
export const routes: RouteObject[] = withErrorBoundaries([
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    // The footer's contact lines and the unit distances are written in, on every page (rendered by the server).
    loader: () => prefetch(pageQuery(contactDetailsQuery), pageQuery(marketplaceQuery)),
    children: [
      {
        index: true,
        loader: () =>
          prefetch(pageQuery(deals), pageQuery(popular), pageQuery(lastChanceQuery), pageQuery(deliveryTermsQuery)),
        lazy: () => import('./features/home/HomePage.tsx').then((m) => ({ Component: m.HomePage })),
      },
      {
        path: PAGES.about,
        loader: () => prefetch(pageQuery(deliveryTermsQuery)),
        lazy: () => import('./features/about/AboutPage.tsx').then((m) => ({ Component: m.AboutPage })),
      },
      {
        path: PAGES.contact,
        lazy: () => import('./features/contact/ContactPage.tsx').then((m) => ({ Component: m.ContactPage })),
      },
      ...accountRoutes,
      ...catalogRoutes,
      ...subscriptionRoutes,
      {
        path: PAGES.dashboard,
        lazy: () => import('./features/dashboard/DashboardLayout.tsx').then((m) => ({ Component: m.DashboardLayout })),
        children: [
          {
            index: true,
            lazy: () =>
              import('./features/dashboard/DashboardIndex.tsx').then((m) => ({ Component: m.DashboardIndex })),
          },
          ...accountDashboardRoutes,
          ...profileDashboardRoutes,
          ...catalogDashboardRoutes,
          ...checkoutDashboardRoutes,
          ...vendorDashboardRoutes,
          ...subscriptionDashboardRoutes,
          ...rosterDashboardRoutes,
          ...adminDashboardRoutes,
          ...notificationsDashboardRoutes,
          ...favouritesDashboardRoutes,
          ...subscriberDashboardRoutes,
        ],
      },
      {
        path: '*',
        lazy: () => import('./features/errors/NotFoundPage.tsx').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
]);

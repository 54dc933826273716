import { DASHBOARD_PAGES } from '#contract/app-paths.ts';
import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** The shopper's favourite products and shops, and buying again, under /dashboard. */
export const favouritesDashboardRoutes = guardedRoutes(['customer'], () => import('./favourites-queries.ts'), [
  {
    path: DASHBOARD_PAGES.favourites,
    page: () => import('./FavouritesPage.tsx').then((m) => m.FavouritesPage),
    first: 'favourites',
  },
]);

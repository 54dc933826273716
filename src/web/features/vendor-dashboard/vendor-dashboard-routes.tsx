import { guardedRoutes } from '../../auth/RequireRole.tsx';

/** Vendor home, orders, revenue, payouts and reviews under /dashboard. */
export const vendorDashboardRoutes = guardedRoutes(['vendor'], () => import('./vendor-dashboard-queries.ts'), [
  { path: 'vendorHome', page: () => import('./VendorHomePage.tsx').then((m) => m.VendorHomePage), first: 'vendorHome' },
  {
    path: 'vendorOrder',
    page: () => import('./VendorOrdersPage.tsx').then((m) => m.VendorOrdersPage),
    first: 'vendorOrder',
  },
  {
    path: 'vendorOrder/slot/:slotId/pick-list',
    page: () => import('./SlotSheetPage.tsx').then((m) => m.PickListPage),
    first: 'slotSheet',
  },
  {
    path: 'vendorOrder/slot/:slotId/packing-slips',
    page: () => import('./SlotSheetPage.tsx').then((m) => m.PackingSlipsPage),
    first: 'slotSheet',
  },
  { path: 'vendorRevenue', page: () => import('./VendorRevenuePage.tsx').then((m) => m.VendorRevenuePage) },
  { path: 'fulfilment', page: () => import('./FulfilmentPage.tsx').then((m) => m.FulfilmentPage) },
  { path: 'payouts', page: () => import('./PayoutsPage.tsx').then((m) => m.PayoutsPage), first: 'payouts' },
  {
    path: 'review/:productId',
    page: () => import('./ProductReviewsPage.tsx').then((m) => m.ProductReviewsPage),
    first: 'productReviews',
  },
]);

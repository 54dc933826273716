import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireRole } from '../../auth/RequireRole.tsx';

/** Only vendors see these pages; each is its own chunk (recharts loads with the revenue page only). */
const vendorOnly = (Page: ComponentType) =>
  function VendorPage() {
    return (
      <RequireRole roles={['vendor']}>
        <Page />
      </RequireRole>
    );
  };

/** Vendor home, orders, revenue and reviews under /dashboard. */
export const vendorDashboardRoutes: RouteObject[] = [
  {
    path: 'vendorHome',
    lazy: () => import('./VendorHomePage.tsx').then((m) => ({ Component: vendorOnly(m.VendorHomePage) })),
  },
  {
    path: 'vendorOrder',
    lazy: () => import('./VendorOrdersPage.tsx').then((m) => ({ Component: vendorOnly(m.VendorOrdersPage) })),
  },
  {
    path: 'vendorRevenue',
    lazy: () => import('./VendorRevenuePage.tsx').then((m) => ({ Component: vendorOnly(m.VendorRevenuePage) })),
  },
  {
    path: 'review/:productId',
    lazy: () => import('./ProductReviewsPage.tsx').then((m) => ({ Component: vendorOnly(m.ProductReviewsPage) })),
  },
];

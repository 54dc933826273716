import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireRole } from '../../auth/RequireRole.tsx';

/** Only vendors see these pages. */
const vendorOnly = (Page: ComponentType) =>
  function VendorPage() {
    return (
      <RequireRole roles={['vendor']}>
        <Page />
      </RequireRole>
    );
  };

/** Vendor product management under /dashboard. */
export const catalogDashboardRoutes: RouteObject[] = [
  {
    path: 'addProduct',
    lazy: () => import('./AddProductPage.tsx').then((m) => ({ Component: vendorOnly(m.AddProductPage) })),
  },
  {
    path: 'vendorProduct',
    lazy: () => import('./VendorProductsPage.tsx').then((m) => ({ Component: vendorOnly(m.VendorProductsPage) })),
  },
];

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireRole } from '../../auth/RequireRole.tsx';

/** Only admins see these pages; each is its own chunk (recharts loads with admin home only). */
const adminOnly = (Page: ComponentType) =>
  function AdminPage() {
    return (
      <RequireRole roles={['admin']}>
        <Page />
      </RequireRole>
    );
  };

/** Admin home (figures, charts, messages, coupons) and review moderation under /dashboard. */
export const adminDashboardRoutes: RouteObject[] = [
  {
    path: 'adminHome',
    lazy: () => import('./AdminHomePage.tsx').then((m) => ({ Component: adminOnly(m.AdminHomePage) })),
  },
  {
    path: 'reportedReviews',
    lazy: () => import('./ReportedReviewsPage.tsx').then((m) => ({ Component: adminOnly(m.ReportedReviewsPage) })),
  },
];

import { act, screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '#contract/auth.ts';
import { queryClient } from './api/query-client.ts';
import { currentUser } from './auth/AuthProvider.tsx';
import { catalogRoutes } from './features/catalog/catalog-routes.tsx';
import { vendorDashboardRoutes } from './features/vendor-dashboard/vendor-dashboard-routes.tsx';
import { routes } from './routes.tsx';
import { ADMIN, CUSTOMER, renderRoutes, VENDOR } from './test/render.tsx';
import { withErrorBoundaries } from './ui/RouteError.tsx';

/** The app's catalog and vendor dashboard routes, with a start page and the sign-in page the guards send to. */
const tree: RouteObject[] = withErrorBoundaries([
  {
    path: '/',
    element: <Outlet />,
    children: [
      { index: true, element: <h1>Start</h1> },
      { path: 'login', element: <h1>Sign in</h1> },
      ...catalogRoutes,
      { path: 'dashboard', children: vendorDashboardRoutes },
    ],
  },
]);

const path = (request: Request) => new URL(request.url).pathname;

/** Starts at the start page, once the session is known, and returns the app and its requests so far. */
async function startAt(
  fake: Parameters<typeof renderRoutes>[1]['fake'],
  user?: Parameters<typeof renderRoutes>[1]['user'],
) {
  const app = renderRoutes(tree, { fake, user });
  await screen.findByRole('heading', { name: 'Start' });
  if (user) await waitFor(() => expect(currentUser()).toEqual(user));
  return app;
}

describe('route loaders', () => {
  it('start the product page’s one query during the navigation, and a failing one shows in the page', async () => {
    const seen: string[] = [];
    const { router } = await startAt((router) => ({
      'GET /api/singleProduct/p1': (request: Request) => {
        seen.push(`${path(request)} while ${router.state.navigation.state}`);
        return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such product' } } };
      },
    }));
    await act(() => router.navigate('/productDetails/p1'));
    expect(seen[0]).toBe('/api/singleProduct/p1 while loading');
    // The navigation went on: the page itself says what failed (no error boundary).
    expect(await screen.findByRole('heading', { name: 'This product is no longer available' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('fill the cache under the page’s own key: the page asks nothing again', async () => {
    const { router, requests } = await startAt({
      'GET /api/products': { items: [], nextCursor: null, total: 0 },
      'GET /api/deals': [],
    });
    await act(() => router.navigate('/category/milk'));
    expect((await screen.findByText(/We found/)).textContent).toBe('We found 0 items for you!');
    expect(requests.map((r) => `${path(r)}${new URL(r.url).search}`)).toEqual([
      '/api/deals?category=milk',
      '/api/products?category=milk&sort=popular&limit=20',
    ]);
  });

  it('start a guarded page’s queries for a user with the page’s role only', async () => {
    const seen: string[] = [];
    const vendor = await startAt(
      (router) => ({
        'GET /api/vendor/stats': (request: Request) => {
          seen.push(`${path(request)} while ${router.state.navigation.state}`);
          return { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Not now' } } };
        },
      }),
      VENDOR,
    );
    await act(() => vendor.router.navigate('/dashboard/vendorHome'));
    expect(seen[0]).toBe('/api/vendor/stats while loading');
    expect(await screen.findByText('Not now')).toBeTruthy();
  });

  it('make no request for a guarded page when signed out or without its role', async () => {
    const signedOut = await startAt({});
    await act(() => signedOut.router.navigate('/dashboard/vendorHome'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(signedOut.requests).toEqual([]);
    signedOut.unmount();

    const customer = await startAt({}, CUSTOMER);
    await act(() => customer.router.navigate('/dashboard/vendorHome'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(customer.requests.map(path)).toEqual(['/api/users/me']);
  });

  // Every page with a loader, as a user who may open it; any request is answered 404 (the check is of the keys).
  const pages: [string, AuthUser | undefined][] = [
    ['/', undefined],
    ['/about', undefined],
    ['/vegetableProducts', undefined],
    ['/category/milk', undefined],
    ['/productDetails/p1', undefined],
    ['/shopList', undefined],
    ['/shopDetails/s1', undefined],
    ['/subscriptions/sp1', undefined],
    ['/search?q=milk', undefined],
    ['/dashboard/allCustomer', ADMIN],
    ['/dashboard/allVendor', ADMIN],
    ['/dashboard/allAdmin', ADMIN],
    ['/dashboard/adminHome?messages=2&coupons=3', ADMIN],
    ['/dashboard/adminOrders?page=2&order=ada&status=delivered', ADMIN],
    ['/dashboard/adminOrders/o1', ADMIN],
    ['/dashboard/reportedReviews?page=2', ADMIN],
    ['/dashboard/coupons?page=2', ADMIN],
    ['/dashboard/commission', ADMIN],
    ['/dashboard/shopPayouts?page=2&shop=farm', ADMIN],
    ['/dashboard/tax', ADMIN],
    ['/dashboard/invoice/o1', ADMIN],
    ['/dashboard/vendorProduct', VENDOR],
    ['/dashboard/vendorHome', VENDOR],
    ['/dashboard/vendorOrder?page=2', VENDOR],
    ['/dashboard/review/p1?page=2', VENDOR],
    ['/dashboard/payment', VENDOR],
    ['/dashboard/payouts', VENDOR],
    ['/dashboard/vendorSubscriptions', VENDOR],
    ['/dashboard/vendorRoster', VENDOR],
    ['/dashboard/userHome', CUSTOMER],
    ['/dashboard/userCart', CUSTOMER],
    ['/dashboard/userPayment', CUSTOMER],
    ['/dashboard/userPaymentHistory?page=2', CUSTOMER],
  ];
  it.each(pages)('of %s start queries the page itself then reads (same keys)', async (url, user) => {
    const early: string[] = [];
    const { router } = renderRoutes(routes, {
      fake: {},
      otherwise: (request) => {
        if (router.state.navigation.state === 'loading') early.push(path(request));
        return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not here' } } };
      },
      user,
      path: '/contact',
    });
    await screen.findByRole('heading', { name: 'Contact us' });
    if (user) await waitFor(() => expect(currentUser()).toEqual(user));
    await act(() => router.navigate(url));
    expect(early.length, 'requests made by the loader').toBeGreaterThan(0);
    // Each query the loader started has the page's hook as an observer, so the page asked for no other key.
    const unread = () =>
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.getObserversCount() === 0)
        .map((query) => query.queryHash);
    await waitFor(() => expect(unread()).toEqual([]));
  });
});

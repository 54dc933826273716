import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OFFLINE_MESSAGE } from '../api/client.ts';
import { CUSTOMER, renderRoutes } from '../test/render.tsx';
import { isChunkLoadError, RELOADED_KEY, reloadOnce, withErrorBoundaries } from './RouteError.tsx';

beforeEach(() => {
  // React and React Router report the errors these tests provoke on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sessionStorage.clear();
});

/** The app's providers around these routes (with their boundaries), at `path`, signed in as `user` when given. */
const renderTree = (routes: RouteObject[], path = '/', user = undefined as typeof CUSTOMER | undefined) =>
  renderRoutes(withErrorBoundaries(routes), { fake: {}, path, user });

const goneChunk = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/Cart-1a2b.js'));

function Layout() {
  return (
    <>
      <nav aria-label="Main">Farmstall</nav>
      <Outlet />
    </>
  );
}

describe('route error boundaries', () => {
  it('a page that fails shows the reason, a retry and a way home inside the layout; the retry renders it again', async () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('The shelf fell over');
      return <h1>Fresh produce</h1>;
    }
    renderTree([{ path: '/', Component: Layout, children: [{ path: 'shops', Component: Flaky }] }], '/shops');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The shelf fell over')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Fresh produce' })).toBeTruthy();
  });

  it('a request that never reached the server says the shopper is offline', async () => {
    function Offline(): never {
      throw new ApiError(0, 'NETWORK', OFFLINE_MESSAGE);
    }
    renderTree([{ path: '/', Component: Layout, children: [{ index: true, Component: Offline }] }]);
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeTruthy();
    expect(screen.getByText(OFFLINE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('inside the dashboard the way back is the dashboard home of the signed-in role', async () => {
    function Broken(): never {
      throw new Error('The cart fell over');
    }
    renderTree(
      [{ path: '/', Component: Layout, children: [{ path: 'dashboard/userCart', Component: Broken }] }],
      '/dashboard/userCart',
      CUSTOMER,
    );
    expect(await screen.findByRole('link', { name: 'Dashboard home' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard home' }).getAttribute('href')).toBe('/dashboard/userHome');
  });

  it('a page whose chunk did not come reloads the page once by itself', async () => {
    renderTree([{ path: '/', Component: Layout, children: [{ path: 'cart', lazy: goneChunk }] }], '/cart');
    expect(await screen.findByText('Loading the latest version')).toBeTruthy();
    expect(sessionStorage.getItem(RELOADED_KEY)).toBe(window.location.href);
    expect(screen.queryByRole('heading', { name: 'This page could not load' })).toBeNull();
  });

  it("when the reload did not help, it offers Reload and a way home, not React Router's developer screen", async () => {
    sessionStorage.setItem(RELOADED_KEY, window.location.href);
    renderTree([{ path: '/', Component: Layout, children: [{ path: 'cart', lazy: goneChunk }] }], '/cart');
    expect(await screen.findByRole('heading', { name: 'This page could not load' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error|Hey developer/)).toBeNull();
  });

  it('reloads once per address: never twice in a row for the same one, never without session storage', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    expect(reloadOnce('http://shop/cart', storage)).toBe(true);
    expect(reloadOnce('http://shop/cart', storage)).toBe(false);
    expect(reloadOnce('http://shop/cart', storage)).toBe(false);
    expect(reloadOnce('http://shop/shops', storage)).toBe(true);
    expect(reloadOnce('http://shop/cart', storage)).toBe(true);
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {},
    };
    expect(reloadOnce('http://shop/cart', blocked)).toBe(false);
  });

  it('tells a missing chunk from other errors', () => {
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('The shelf fell over'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('keeps a boundary a route already has and gives every nested route one', () => {
    const Own = () => null;
    const [root] = withErrorBoundaries([
      {
        path: '/',
        children: [
          { path: 'a', ErrorBoundary: Own },
          { path: 'b', children: [{ index: true }] },
        ],
      },
    ]);
    expect(root.ErrorBoundary).toBeTypeOf('function');
    expect(root.children?.[0].ErrorBoundary).toBe(Own);
    expect(root.children?.[1].children?.[0].ErrorBoundary).toBe(root.ErrorBoundary);
  });
});

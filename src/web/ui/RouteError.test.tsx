import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, withErrorBoundaries } from './RouteError.tsx';

beforeEach(() => {
  // React and React Router report the errors these tests provoke on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

function Layout() {
  return (
    <>
      <nav aria-label="Main">Farmstall</nav>
      <Outlet />
    </>
  );
}

describe('route error boundaries', () => {
  it('a page that fails shows the reason and a retry inside the layout; the retry renders it again', async () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('The shelf fell over');
      return <h1>Fresh produce</h1>;
    }
    const router = createMemoryRouter(
      withErrorBoundaries([{ path: '/', Component: Layout, children: [{ index: true, Component: Flaky }] }]),
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The shelf fell over')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Fresh produce' })).toBeTruthy();
  });

  it("a page whose chunk is gone after a release offers a reload, not React Router's developer screen", async () => {
    const router = createMemoryRouter(
      withErrorBoundaries([
        {
          path: '/',
          Component: Layout,
          children: [
            {
              path: 'cart',
              lazy: () =>
                Promise.reject(
                  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/Cart-1a2b.js'),
                ),
            },
          ],
        },
      ]),
      { initialEntries: ['/cart'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'A new version of Farmstall is here' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
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

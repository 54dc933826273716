import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type DataRouter, type RouteObject, RouterProvider } from 'react-router';
import { expect, onTestFinished, vi } from 'vitest';
import type { AuthUser } from '#contract/auth.ts';
import { TOKEN_KEY } from '../api/client.ts';
import { queryClient as sharedQueryClient } from '../api/query-client.ts';
import { AuthProvider } from '../auth/AuthProvider.tsx';

export type Answer = { status?: number; body?: unknown };
/** What the fake server answers: by "METHOD /api/path" (no query), a value or a function of the request. */
export type Routes = Record<string, unknown | ((request: Request) => Answer | Promise<Answer>)>;

/**
 * Stands in for the server: each request the page makes is looked up in `routes`; one nobody expected is
 * answered by `otherwise`, or fails the test with its method and path. Returns the requests made, in order.
 */
export function fakeServer(routes: Routes, otherwise?: (request: Request) => Answer) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    if (!(key in routes) && !otherwise) throw new Error(`unexpected request ${key}`);
    const route = key in routes ? routes[key] : otherwise;
    const answer: Answer = typeof route === 'function' ? await route(request) : { body: route };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}

/** A freshly issued access token (only its `iat` is read in the browser). */
const youngToken = () => `x.${btoa(JSON.stringify({ iat: Math.floor(Date.now() / 1000) }))}.y`;

/** The app's providers around a router, as start-app.tsx sets them up. */
const renderApp = (router: DataRouter, queryClient: QueryClient) =>
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );

/**
 * Renders a page as the app does (TanStack Query, the session, a router at `path`), signed in as `user` when
 * given (then `GET /api/users/me` answers it).
 */
export function renderPage(
  page: ReactNode,
  { routes, user, path = '/' }: { routes: Routes; user?: AuthUser; path?: string },
) {
  if (user) localStorage.setItem(TOKEN_KEY, youngToken());
  const requests = fakeServer(user ? { 'GET /api/users/me': user, ...routes } : routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  return { ...renderApp(router, queryClient), requests, router, queryClient };
}

/**
 * Renders a tree of routes in a memory router at `path`, with the app's shared QueryClient (the one route loaders
 * prefetch into), signed in as `user` when given. The shared cache is emptied after each test.
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    fake,
    otherwise,
    user,
    path = '/',
  }: {
    fake: Routes | ((router: DataRouter) => Routes);
    otherwise?: (request: Request) => Answer;
    user?: AuthUser;
    path?: string;
  },
) {
  if (user) localStorage.setItem(TOKEN_KEY, youngToken());
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const answers = typeof fake === 'function' ? fake(router) : fake;
  const requests = fakeServer(user ? { 'GET /api/users/me': user, ...answers } : answers, otherwise);
  onTestFinished(() => sharedQueryClient.clear());
  return { ...renderApp(router, sharedQueryClient), requests, router };
}

export const CUSTOMER: AuthUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ann@example.com',
  displayName: 'Ann',
  photoURL: null,
  roll: 'customer',
  emailVerified: true,
};
export const VENDOR: AuthUser = { ...CUSTOMER, email: 'vera@example.com', displayName: 'Vera', roll: 'vendor' };
export const ADMIN: AuthUser = { ...CUSTOMER, email: 'ada@example.com', displayName: 'Ada', roll: 'admin' };

/**
 * Clicks the button once it can be pressed, as a person would: a form's submit button is disabled while the page
 * still loads what it needs (the session, the cart), and a click on it then does nothing.
 */
export async function press(name: string | RegExp): Promise<void> {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect((button as HTMLButtonElement).disabled, `${name} is enabled`).toBe(false));
  await userEvent.click(button);
}

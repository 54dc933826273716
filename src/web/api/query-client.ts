import {
  type EnsureInfiniteQueryDataOptions,
  type EnsureQueryDataOptions,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';
import { ApiError, isNetworkError } from './client.ts';

/**
 * Whether a failed query is asked again: up to 3 times (TanStack's backoff, up to 30 s, as the spec says), but
 * never for a client error (4xx: the same answer would come back) nor while the browser is offline.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (isNetworkError(error) && !navigator.onLine) return false;
  return failureCount < 3;
}

/**
 * Requests run even when the browser says it is offline (`networkMode: 'always'`): TanStack's default pauses
 * them, which leaves the loader spinning for ever; this way they fail at once and the page says "You are
 * offline" with a retry. Queries that failed are asked again when the connection comes back (which 'always'
 * would otherwise turn off).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, networkMode: 'always', refetchOnReconnect: true, retry: shouldRetry },
    mutations: { networkMode: 'always' },
  },
});

let requestClient: () => QueryClient | undefined = () => undefined;
/**
 * The client route loaders fill: the app's, or on the server the one of the request being rendered (entry-server.tsx
 * gives the lookup: every request renders with its own cache, dehydrated into its page).
 */
export const loaderClient = (): QueryClient => requestClient() ?? queryClient;
export function setRequestClient(lookup: () => QueryClient | undefined): void {
  requestClient = lookup;
}

/** A query a route loader starts (see `prefetch`). */
export type Start = () => Promise<unknown>;

/** One of a page's first queries, by its options (the key of the page's hook, so that they share the cache). */
export const pageQuery =
  <T, K extends QueryKey>(options: EnsureQueryDataOptions<T, Error, T, K>): Start =>
  () =>
    loaderClient().ensureQueryData(options);

/** The first page of a page's "load more" list, by the options of its infinite query. */
export const firstPages =
  <T, K extends QueryKey, P>(options: EnsureInfiniteQueryDataOptions<T, Error, T, K, P>): Start =>
  () =>
    loaderClient().ensureInfiniteQueryData(options);

/**
 * A route loader's work: starts the page's first queries while its chunk loads, and returns at once. It neither
 * waits for them nor throws, so a slow or failing query never holds up the navigation: the page shows its
 * progress, or its error with a retry, as it does on its own. Queries already cached are not asked again.
 */
export function prefetch(...queries: Start[]): null {
  for (const start of queries) start().catch(() => {}); // the page's own query shows the error
  return null;
}

/** What a route loader gives its page's queries: the path's params and the address's query. */
export type LoadAt = { params: Params; search: URLSearchParams };

/**
 * Pages' first queries from a module loaded on the first visit to one of them, not with the app (it brings the
 * pages' fetchers), for loaders that give them an `A`: `lazyQueries<LoadAt>()(() => import('./queries.ts'))`
 * makes `first`, and `first('productPage')` reads that module's `productPage`.
 */
export const lazyQueries =
  <A>() =>
  <M extends Record<string, (at: A) => Start[]>>(load: () => Promise<M>) =>
  (page: keyof M) =>
  async (at: A): Promise<Start[]> =>
    (await load())[page](at);

/** A route loader that starts `queries` (see `prefetch`); if their module does not come, the page shows why. */
export const loadFirst =
  (queries: (at: LoadAt) => Promise<Start[]>) =>
  async ({ params, request }: LoaderFunctionArgs): Promise<null> =>
    prefetch(...(await queries({ params, search: new URL(request.url).searchParams }).catch((): Start[] => [])));

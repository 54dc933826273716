import { keepPreviousData, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The query of one step of a list or chart under `[...key, at]` (a page number, a date range): route loaders
 * prefetch it with `pageQuery`, and the page's hook (`useKeptQuery`) reads the same cache entry.
 */
export const stepQuery = <A, T>(key: QueryKey, at: A, get: (at: A) => Promise<T>) =>
  queryOptions({ queryKey: [...key, at], queryFn: () => get(at) });

/** One step of a list or chart (see `stepQuery`); the previous answer stays on screen while the next one loads. */
export function useKeptQuery<A, T>(key: QueryKey, at: A, get: (at: A) => Promise<T>, enabled = true) {
  return useQuery({ ...stepQuery(key, at, get), enabled, placeholderData: keepPreviousData });
}

/** The fetcher of one page of `limit` rows of a list the server pages (`?page=&limit=`). */
export const pageFetcher =
  <T>(limit: number, get: (query: { page: number; limit: number }) => Promise<T>) =>
  (page: number) =>
    get({ page, limit });

import { keepPreviousData, type QueryKey, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';

/**
 * The query of one step of a list or chart under `[...key, at]` (a page number, a date range): route loaders
 * prefetch it with `pageQuery`, and the page's hook (`useKeptQuery`) reads the same cache entry.
 */
export const stepQuery = <A, T>(key: QueryKey, at: A, get: (at: A) => Promise<T>) =>
  queryOptions({ queryKey: [...key, at], queryFn: () => get(at) });

/** One step of a list or chart (its `stepQuery`); the previous answer stays on screen while the next one loads. */
export function useKeptQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, enabled = true) {
  return useQuery({ ...options, enabled, placeholderData: keepPreviousData });
}

/** The fetcher of one page of `limit` rows of a list the server pages (`?page=&limit=`). */
export const pageFetcher =
  <T>(limit: number, get: (query: { page: number; limit: number }) => Promise<T>) =>
  (page: number) =>
    get({ page, limit });

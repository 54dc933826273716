import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';

/**
 * One step of a list or chart under `[...key, at]` (a page number, a date range): the previous answer stays on
 * screen while the next one loads.
 */
export function useKeptQuery<A, T>(key: QueryKey, at: A, get: (at: A) => Promise<T>, enabled = true) {
  return useQuery({
    queryKey: [...key, at],
    queryFn: () => get(at),
    enabled,
    placeholderData: keepPreviousData,
  });
}

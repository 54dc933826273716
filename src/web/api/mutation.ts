import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Reads these queries again after a change. A read already on its way may have been answered before the change;
 * TanStack Query would hand that answer to the refresh when the query has no data yet (its first read), so such a
 * read is cancelled first and the refresh asks afresh.
 */
export async function refreshQueries(queryClient: QueryClient, keys: readonly QueryKey[]) {
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * A mutation that calls one route and then refreshes the queries under these keys: once it succeeded, or
 * (`alsoOnError`) whatever its outcome, for a list that may have changed even when the call failed.
 */
export function useRefreshingMutation<TInput, TData>(
  mutationFn: (input: TInput) => Promise<TData>,
  keys: readonly QueryKey[],
  { alsoOnError = false } = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => refreshQueries(queryClient, keys);
  return useMutation({ mutationFn, ...(alsoOnError ? { onSettled: refresh } : { onSuccess: refresh }) });
}

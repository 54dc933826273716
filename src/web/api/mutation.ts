import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

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
  const refresh = async () => {
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  return useMutation({ mutationFn, ...(alsoOnError ? { onSettled: refresh } : { onSuccess: refresh }) });
}

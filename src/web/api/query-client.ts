import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

/** TanStack defaults already match the spec (3 retries, backoff up to 30 s); client errors are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 3;
      },
    },
  },
});

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** The first 50 vendors whose name or e-mail holds `q`, for the admin's choice of a shop. */
export const useVendorChoices = (q: string) =>
  useQuery({
    queryKey: ['users', 'vendor', 'choices', q],
    queryFn: async () => {
      const answer = await call('GET /users/:roll', {
        params: { roll: 'vendor' },
        query: { roll: 'vendor', page: 1, limit: 50, ...(q.trim() ? { q: q.trim() } : {}) },
      });
      return Array.isArray(answer) ? answer : answer.items;
    },
    placeholderData: keepPreviousData,
  });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '#contract/roles.ts';
import { call } from '../../api/client.ts';

export const USERS_PAGE_SIZE = 10;

/** One page of a role's accounts, those whose name or e-mail contains `q` when it is not empty. */
export async function getUsers(roll: Role, page: number, q = '') {
  const answer = await call('GET /users/:roll', {
    params: { roll },
    query: { roll, page, limit: USERS_PAGE_SIZE, ...(q ? { q } : {}) },
  });
  // With ?page= the server answers one page; the bare list is the spec's call without it.
  if (Array.isArray(answer)) throw new Error('The server answered a list instead of a page of users.');
  return answer;
}

export const usersQuery = (roll: Role, page: number, q = '') =>
  queryOptions({ queryKey: ['users', roll, page, q], queryFn: () => getUsers(roll, page, q) });

/** One page of the customers, vendors or admins, with the total. */
export function useUsers(roll: Role, page: number, q = '') {
  return useQuery({ ...usersQuery(roll, page, q), placeholderData: keepPreviousData });
}

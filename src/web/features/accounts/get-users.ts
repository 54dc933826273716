import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '#contract/roles.ts';
import { call } from '../../api/client.ts';

export const USERS_PAGE_SIZE = 10;

export const usersKey = (roll: Role, page?: number) => (page ? ['users', roll, page] : ['users', roll]);

export async function getUsers(roll: Role, page: number) {
  const answer = await call('GET /users/:roll', { params: { roll }, query: { roll, page, limit: USERS_PAGE_SIZE } });
  // With ?page= the server answers one page; the bare list is the spec's call without it.
  if (Array.isArray(answer)) throw new Error('The server answered a list instead of a page of users.');
  return answer;
}

export const usersQuery = (roll: Role, page: number) =>
  queryOptions({ queryKey: usersKey(roll, page), queryFn: () => getUsers(roll, page) });

/** One page of the customers, vendors or admins, with the total. */
export function useUsers(roll: Role, page: number) {
  return useQuery({ ...usersQuery(roll, page), placeholderData: keepPreviousData });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role } from '#contract/roles.ts';
import type { UserPage } from '#contract/users.ts';
import { api } from '../../api/client.ts';

export const USERS_PAGE_SIZE = 10;

export const usersKey = (roll: Role, page?: number) => (page ? ['users', roll, page] : ['users', roll]);

export function getUsers(roll: Role, page: number) {
  return api<UserPage>(`/users/${roll}`, { query: { roll, page, limit: USERS_PAGE_SIZE } });
}

/** One page of the customers, vendors or admins, with the total. */
export function useUsers(roll: Role, page: number) {
  return useQuery({
    queryKey: usersKey(roll, page),
    queryFn: () => getUsers(roll, page),
    placeholderData: keepPreviousData,
  });
}

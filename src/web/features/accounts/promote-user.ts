import { usersApi } from '#contract/api/users.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function promoteUser(id: string) {
  return call(usersApi.promote, { params: { id } });
}

export function usePromoteUser() {
  return useRefreshingMutation(promoteUser, [['users']]);
}

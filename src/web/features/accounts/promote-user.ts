import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function promoteUser(id: string) {
  return call('PATCH /users/admin/:id', { params: { id } });
}

export function usePromoteUser() {
  return useRefreshingMutation(promoteUser, [['users']]);
}

import type { Role } from '#contract/roles.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function deleteUser(roll: Role, email: string) {
  return call('DELETE /users/:roll/:email', { params: { roll, email } });
}

export function useDeleteUser() {
  return useRefreshingMutation(
    ({ roll, email }: { roll: Role; email: string }) => deleteUser(roll, email),
    [['users']],
  );
}

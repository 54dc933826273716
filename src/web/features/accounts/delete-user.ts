import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '#contract/api/users.ts';
import type { Role } from '#contract/roles.ts';
import { call } from '../../api/client.ts';

export function deleteUser(roll: Role, email: string) {
  return call(usersApi.remove, { params: { roll, email } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roll, email }: { roll: Role; email: string }) => deleteUser(roll, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

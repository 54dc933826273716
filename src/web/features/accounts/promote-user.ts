import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '#contract/api/users.ts';
import { call } from '../../api/client.ts';

export function promoteUser(id: string) {
  return call(usersApi.promote, { params: { id } });
}

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

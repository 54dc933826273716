import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export function promoteUser(id: string) {
  return api<{ modifiedCount: number }>(`/users/admin/${id}`, { method: 'PATCH' });
}

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#contract/roles.ts';
import { api } from '../../api/client.ts';

export function deleteUser(roll: Role, email: string) {
  return api<{ deletedCount: number }>(`/users/${roll}/${encodeURIComponent(email)}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roll, email }: { roll: Role; email: string }) => deleteUser(roll, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

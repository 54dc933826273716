import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export function deleteCoupon(id: string) {
  return api<{ deletedCount: number }>(`/coupons/${id}`, { method: 'DELETE' });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['coupons'] }),
  });
}

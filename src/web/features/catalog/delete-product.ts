import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export function deleteProduct(id: string) {
  return api<{ deletedCount: number }>(`/products/${id}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

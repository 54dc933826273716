import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogApi } from '#contract/api/catalog.ts';
import { call } from '../../api/client.ts';

export function deleteProduct(id: string) {
  return call(catalogApi.remove, { params: { id } });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

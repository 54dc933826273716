import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogApi } from '#contract/api/catalog.ts';
import type { ProductEditInput } from '#contract/products.ts';
import { call } from '../../api/client.ts';

export function editProduct({ id, input }: { id: string; input: ProductEditInput }) {
  return call(catalogApi.edit, { params: { id }, body: input });
}

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

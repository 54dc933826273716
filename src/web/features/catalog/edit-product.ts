import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductEditInput } from '#contract/products.ts';
import { api } from '../../api/client.ts';

export function editProduct({ id, input }: { id: string; input: ProductEditInput }) {
  return api<Product>(`/products/${id}`, { method: 'PUT', body: input });
}

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput } from '#contract/products.ts';
import { api } from '../../api/client.ts';

export function addProduct(input: ProductInput) {
  return api<{ insertedId: string; product: Product }>('/products', { method: 'POST', body: input });
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogApi } from '#contract/api/catalog.ts';
import type { ProductInput } from '#contract/products.ts';
import { call } from '../../api/client.ts';

export function addProduct(input: ProductInput) {
  return call(catalogApi.create, { body: input });
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

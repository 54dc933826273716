import type { ProductInput } from '#contract/products.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function addProduct(input: ProductInput) {
  return call('POST /products', { body: input });
}

export function useAddProduct() {
  return useRefreshingMutation(addProduct, [['products']]);
}

import type { ProductEditInput } from '#contract/products.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function editProduct({ id, input }: { id: string; input: ProductEditInput }) {
  return call('PUT /products/:id', { params: { id }, body: input });
}

export function useEditProduct() {
  return useRefreshingMutation(editProduct, [['products']]);
}

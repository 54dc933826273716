import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function deleteProduct(id: string) {
  return call('DELETE /products/:id', { params: { id } });
}

export function useDeleteProduct() {
  return useRefreshingMutation(deleteProduct, [['products']]);
}

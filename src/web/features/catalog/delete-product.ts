import { catalogApi } from '#contract/api/catalog.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export function deleteProduct(id: string) {
  return call(catalogApi.remove, { params: { id } });
}

export function useDeleteProduct() {
  return useRefreshingMutation(deleteProduct, [['products']]);
}

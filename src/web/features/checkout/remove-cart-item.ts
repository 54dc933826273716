import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { cartKey } from '../../cart/use-cart.ts';

export function removeCartItem(id: string) {
  return call('DELETE /carts/:id', { params: { id } });
}

export function useRemoveCartItem() {
  const { user } = useAuth();
  return useRefreshingMutation(removeCartItem, [cartKey(user?.email)], { alsoOnError: true });
}

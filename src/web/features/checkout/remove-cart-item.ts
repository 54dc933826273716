import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartApi } from '#contract/api/cart.ts';
import { call } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { cartKey } from '../../cart/use-cart.ts';

export function removeCartItem(id: string) {
  return call(cartApi.remove, { params: { id } });
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: removeCartItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKey(user?.email) }),
  });
}

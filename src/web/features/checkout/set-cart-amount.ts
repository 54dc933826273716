import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartItem } from '#contract/cart.ts';
import { call } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { cartKey } from '../../cart/use-cart.ts';
import { checkoutPlanKey } from './checkout-plan.ts';

export function setCartAmount({ id, amount }: { id: string; amount: number }) {
  return call('PATCH /carts/:id', { params: { id }, body: { amount } });
}

/**
 * Changes a cart line's quantity. The cart shows the new amount at once (so quick presses of + add up), the
 * changes go out one after another, and the server's answer replaces the line; a refused change reloads the cart.
 */
export function useSetCartAmount() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = cartKey(user?.email);
  const replace = (id: string, change: (line: CartItem) => CartItem) =>
    queryClient.setQueryData<CartItem[]>(key, (lines) => lines?.map((line) => (line._id === id ? change(line) : line)));
  return useMutation({
    mutationFn: setCartAmount,
    scope: { id: 'cart-amount' },
    onMutate: async ({ id, amount }) => {
      await queryClient.cancelQueries({ queryKey: key });
      replace(id, (line) => ({ ...line, amount, spendMoney: Math.round(line.price * amount * 100) / 100 }));
    },
    onSuccess: (answer) => {
      replace(answer._id, () => answer);
      // The shops' subtotals, delivery fees and minimums follow the amounts.
      void queryClient.invalidateQueries({ queryKey: checkoutPlanKey(user?.email) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { cartKey } from '../../cart/use-cart.ts';

const buyAgainKey = (email: string | undefined) => ['buy-again', email] as const;
export const buyAgainQuery = (email: string | undefined) => ({
  queryKey: buyAgainKey(email),
  queryFn: () => call('GET /buy-again'),
});

export function useBuyAgain() {
  const { user } = useAuth();
  return useQuery({ ...buyAgainQuery(user?.email), enabled: Boolean(user) });
}

/** "Add all to cart": the cart (and its badge) and the list (stock changed) refresh. */
export function useAddAllToCart() {
  const { user } = useAuth();
  return useRefreshingMutation(() => call('POST /buy-again/cart'), [cartKey(user?.email), buyAgainKey(user?.email)]);
}

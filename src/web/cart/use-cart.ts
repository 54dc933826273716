import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useAuth } from '../auth/AuthProvider.tsx';

/** The TanStack key the navbar badge and the cart page share. */
export const cartKey = (email: string | undefined) => ['cart', email] as const;

export function fetchCart(email: string) {
  return call('GET /carts', { query: { email } });
}

/** The signed-in user's cart lines (empty while signed out). */
export function useCart() {
  const { user } = useAuth();
  const email = user?.email;
  return useQuery({
    queryKey: cartKey(email),
    queryFn: () => fetchCart(email as string),
    enabled: Boolean(email),
  });
}

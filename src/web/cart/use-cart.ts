import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useAuth } from '../auth/AuthProvider.tsx';

/** The TanStack keys of every cart query, whoever's. */
export const cartsKey = ['cart'] as const;

/** The TanStack key the navbar badge and the cart page share. */
export const cartKey = (email: string | undefined) => [...cartsKey, email] as const;

export function fetchCart(email: string) {
  return call('GET /carts', { query: { email } });
}

export const cartQuery = (email: string | undefined) =>
  queryOptions({ queryKey: cartKey(email), queryFn: () => fetchCart(email as string) });

/** The signed-in user's cart lines (empty while signed out). */
export function useCart() {
  const { user } = useAuth();
  const email = user?.email;
  return useQuery({ ...cartQuery(email), enabled: Boolean(email) });
}

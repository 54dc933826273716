import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api/client.ts';
import { useAuth, useRole } from '../auth/AuthProvider.tsx';

/**
 * How many lines the signed-in customer's cart holds, from `GET /api/carts?email=` under the key
 * ['cart', email] that the cart's own mutations refresh. Zero for everyone else, and while it loads.
 */
export function useCartCount(): number {
  const { user, loading } = useAuth();
  const { isAdmin, isVendor, isLoading } = useRole();
  const email = user?.email;
  const cart = useQuery({
    queryKey: ['cart', email],
    queryFn: async () => {
      try {
        return await api<unknown[]>('/carts', { query: { email } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    enabled: !loading && !isLoading && Boolean(email) && !isAdmin && !isVendor,
  });
  return Array.isArray(cart.data) ? cart.data.length : 0;
}

import { useQuery } from '@tanstack/react-query';
import { useAuth, useRole } from '../auth/AuthProvider.tsx';
import { cartKey, fetchCart } from '../cart/use-cart.ts';

/**
 * How many items the signed-in customer's cart holds (the sum of its lines' quantities: 3 kg of apples and a
 * loaf make 4), from `GET /api/carts?email=` under the key ['cart', email] that the cart's own mutations refresh.
 * Zero for everyone else, and while it loads.
 */
export function useCartCount(): number {
  const { user, loading } = useAuth();
  const { isAdmin, isVendor, isLoading } = useRole();
  const email = user?.email;
  const cart = useQuery({
    queryKey: cartKey(email),
    queryFn: () => fetchCart(email as string),
    enabled: !loading && !isLoading && Boolean(email) && !isAdmin && !isVendor,
  });
  return cart.data?.reduce((sum, line) => sum + line.amount, 0) ?? 0;
}

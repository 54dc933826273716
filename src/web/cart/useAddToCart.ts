import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { AddToCartInput } from '#contract/cart.ts';
import { call, errorMessage } from '../api/client.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useRequireLogin } from '../auth/useRequireLogin.ts';
import { cartKey } from './use-cart.ts';

export function addToCart(input: AddToCartInput) {
  return call('POST /carts', { body: input });
}

/**
 * Adds a product to the signed-in user's cart: signed-out users get the spec's 'You are not login' prompt;
 * on success a toast names the product (1200 ms) and the cart badge refreshes.
 */
export function useAddToCart() {
  const { user } = useAuth();
  const requireLogin = useRequireLogin();
  const queryClient = useQueryClient();
  const email = user?.email;

  return useCallback(
    (product: { _id: string; productName: string }, amount = 1, options: { shopEmail?: string } = {}) => {
      if (!requireLogin()) return;
      addToCart({ productId: product._id, amount, shopEmail: options.shopEmail })
        .then(() => {
          toast.success(`${product.productName} is added to your cart`, { autoClose: 1200 });
          return queryClient.invalidateQueries({ queryKey: cartKey(email) });
        })
        .catch((error: unknown) => {
          toast.error(errorMessage(error));
        });
    },
    [requireLogin, queryClient, email],
  );
}

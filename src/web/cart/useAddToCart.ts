import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AddToCartInput } from '#contract/cart.ts';
import { ApiError, errorMessage } from '../api/client.ts';
import { refreshQueries } from '../api/mutation.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useRequireLogin } from '../auth/useRequireLogin.ts';
import { toast } from '../ui/toast.ts';
import { addToCart, newRequestId } from './add-to-cart.ts';
import { cartKey } from './use-cart.ts';

/** Sends one click's add, once more if the network dropped it: the same requestId makes the server add only once. */
async function addOnce(input: AddToCartInput) {
  try {
    return await addToCart(input);
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return addToCart(input);
    throw error;
  }
}

/**
 * Adds a product (its size `optionId` when given, else its first; decision 052) to the signed-in user's cart, one click at a time: signed-out users get the spec's
 * 'You are not login' prompt; while a click's request is on its way (`pending`) further clicks are ignored, and
 * the request carries the click's id so a retry adds nothing more. On success a toast names the product
 * (1200 ms) and the cart badge refreshes. A click while the session is still being checked (right after the page's
 * code has run) waits for that check instead of telling a signed-in shopper to sign in.
 */
export function useAddToCart() {
  const { user, loading } = useAuth();
  const requireLogin = useRequireLogin();
  const queryClient = useQueryClient();
  const email = user?.email;
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const waiting = useRef<Parameters<typeof add> | null>(null);

  const add = useCallback(
    (
      product: { _id: string; productName: string },
      amount = 1,
      options: { shopEmail?: string; optionId?: string; optionLabel?: string } = {},
    ) => {
      if (loading) {
        waiting.current = [product, amount, options];
        return;
      }
      // "Eggs — Dozen": the size chosen, when the product has several (decision 052).
      const named = options.optionLabel ? `${product.productName} — ${options.optionLabel}` : product.productName;
      const pendingAdd = {
        productId: product._id,
        productName: named,
        amount,
        shopEmail: options.shopEmail,
        ...(options.optionId ? { optionId: options.optionId } : {}),
      };
      if (busy.current || !requireLogin(pendingAdd)) return;
      busy.current = true;
      setPending(true);
      addOnce({
        productId: product._id,
        ...(options.optionId ? { optionId: options.optionId } : {}),
        amount,
        shopEmail: options.shopEmail,
        requestId: newRequestId(),
      })
        .then(() => {
          toast.success(`${named} is added to your cart`, { autoClose: 1200 });
          return refreshQueries(queryClient, [cartKey(email)]);
        })
        .catch((error: unknown) => {
          toast.error(errorMessage(error));
        })
        .finally(() => {
          busy.current = false;
          setPending(false);
        });
    },
    [loading, requireLogin, queryClient, email],
  );
  useEffect(() => {
    if (loading || !waiting.current) return;
    const [product, amount, options] = waiting.current;
    waiting.current = null;
    add(product, amount, options);
  }, [loading, add]);
  return { add, pending };
}

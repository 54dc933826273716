import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AddToCartInput } from '#contract/cart.ts';
import { ApiError, call, errorMessage } from '../api/client.ts';
import { refreshQueries } from '../api/mutation.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useRequireLogin } from '../auth/useRequireLogin.ts';
import { toast } from '../ui/toast.ts';
import { cartKey } from './use-cart.ts';

export function addToCart(input: AddToCartInput) {
  return call('POST /carts', { body: input });
}

/** A fresh id for one click (crypto.randomUUID needs a secure page; the fallback builds a v4 uuid the same way). */
function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
 * Adds a product to the signed-in user's cart, one click at a time: signed-out users get the spec's
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
    (product: { _id: string; productName: string }, amount = 1, options: { shopEmail?: string } = {}) => {
      if (loading) {
        waiting.current = [product, amount, options];
        return;
      }
      if (busy.current || !requireLogin()) return;
      busy.current = true;
      setPending(true);
      addOnce({ productId: product._id, amount, shopEmail: options.shopEmail, requestId: newRequestId() })
        .then(() => {
          toast.success(`${product.productName} is added to your cart`, { autoClose: 1200 });
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

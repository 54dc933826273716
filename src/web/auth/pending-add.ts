import type { QueryClient } from '@tanstack/react-query';
import type { Location } from 'react-router';
import { errorMessage } from '../api/client.ts';
import { refreshQueries } from '../api/mutation.ts';
import { addToCart, newRequestId } from '../cart/add-to-cart.ts';
import { cartsKey } from '../cart/use-cart.ts';
import { toast } from '../ui/toast.ts';

/** What a signed-out visitor tapped Add for: done for them once they have signed in or up. */
export type PendingAdd = {
  productId: string;
  /** The size chosen (decision 052); the product's first when absent. */
  optionId?: string;
  productName: string;
  amount: number;
  shopEmail?: string;
};

/** The state /login and /signUp are opened with: the page to go back to, and the add to make there. */
export type SignInState = { from: Location; pendingAdd?: PendingAdd };

export const pendingAddOf = (state: unknown): PendingAdd | null =>
  (state as { pendingAdd?: PendingAdd } | null)?.pendingAdd ?? null;

/**
 * Just signed in (or up): adds what the visitor tapped Add for before signing in, once (its request id makes a
 * retry add nothing more), says so and reads the cart again (the navbar read it, empty, as the sign-in showed it); a
 * refusal (sold out meanwhile) is said instead.
 */
export async function finishPendingAdd(state: unknown, queryClient: QueryClient): Promise<void> {
  const pending = pendingAddOf(state);
  if (!pending) return;
  try {
    await addToCart({
      productId: pending.productId,
      ...(pending.optionId ? { optionId: pending.optionId } : {}),
      amount: pending.amount,
      shopEmail: pending.shopEmail,
      requestId: newRequestId(),
    });
    // The container's 5 s: it tells what was done for them across a page change, so it stays long enough to read.
    toast.success(`${pending.productName} × ${pending.amount} is in your cart`);
    await refreshQueries(queryClient, [cartsKey]);
  } catch (error) {
    toast.error(`${pending.productName} could not be added: ${errorMessage(error)}`);
  }
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Favourites } from '#contract/favourites.ts';
import type { CardProduct, Product } from '#contract/products.ts';
import type { Shop } from '#contract/shops.ts';
import { call, errorMessage } from '../api/client.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useRequireLogin } from '../auth/useRequireLogin.ts';
import { cardOf } from '../ui/product-options.ts';
import { toast } from '../ui/toast.ts';

/** The signed-in user's favourites: one request for every heart on the page, shared by the favourites page. */
export const favouritesKey = (email: string | undefined) => ['favourites', email] as const;
export const favouritesQuery = (email: string | undefined) => ({
  queryKey: favouritesKey(email),
  queryFn: () => call('GET /favourites'),
  staleTime: 60_000,
});

export function useFavourites() {
  const { user, loading } = useAuth();
  return useQuery({ ...favouritesQuery(user?.email), enabled: !loading && Boolean(user) });
}

/** A product saved from its card, or from its page (`cardOf` makes its card for the favourites list). */
type Saved = { kind: 'products'; item: CardProduct | Product } | { kind: 'shops'; item: Shop };

/** The favourites with one product or shop saved (first) or taken out. */
function withChange(favourites: Favourites, saved: Saved, favourite: boolean): Favourites {
  if (saved.kind === 'shops') {
    const others = favourites.shops.filter((f) => f._id !== saved.item._id);
    return { ...favourites, shops: favourite ? [saved.item, ...others] : others };
  }
  const others = favourites.products.filter((f) => f._id !== saved.item._id);
  const card = 'sizes' in saved.item ? saved.item : cardOf(saved.item);
  return { ...favourites, products: favourite ? [card, ...others] : others };
}

/**
 * Whether a product or shop is one of the user's favourites, and a toggle that saves it or takes it out at once
 * (the heart changes before the server answers, and changes back with a message if it refuses). A signed-out
 * shopper is asked to sign in, and comes back here afterwards. A click while the session or the favourites are
 * still loading (right after the page's code has run) waits for them instead of asking a signed-in shopper to sign in.
 */
export function useFavourite(saved: Saved) {
  const { user, loading } = useAuth();
  const requireLogin = useRequireLogin();
  const queryClient = useQueryClient();
  const favourites = useFavourites();
  const key = favouritesKey(user?.email);
  const isFavourite = Boolean(favourites.data?.[saved.kind].some((f) => f._id === saved.item._id));
  const change = useMutation({
    mutationFn: (favourite: boolean) => {
      const route = saved.kind === 'products' ? 'products' : 'shops';
      const params = { id: saved.item._id };
      if (route === 'products') {
        return favourite
          ? call('PUT /favourites/products/:id', { params })
          : call('DELETE /favourites/products/:id', { params });
      }
      return favourite
        ? call('PUT /favourites/shops/:id', { params })
        : call('DELETE /favourites/shops/:id', { params });
    },
    onMutate: async (favourite) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Favourites>(key);
      if (before) queryClient.setQueryData(key, withChange(before, saved, favourite));
      return { before };
    },
    onError: (error, _favourite, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const waiting = useRef(false);
  const known = !loading && (!user || !favourites.isPending);
  const toggle = () => {
    if (!known) {
      waiting.current = true;
      return;
    }
    if (!requireLogin()) return;
    change.mutate(!isFavourite);
  };
  const toggleLater = useRef(toggle);
  toggleLater.current = toggle;
  useEffect(() => {
    if (!known || !waiting.current) return;
    waiting.current = false;
    toggleLater.current();
  }, [known]);
  return { isFavourite, toggle, pending: change.isPending };
}

import { Heart } from 'lucide-react';
import type { CardProduct, Product } from '#contract/products.ts';
import type { Shop } from '#contract/shops.ts';
import { useRole } from '../auth/AuthProvider.tsx';
import { useFavourite } from './favourites.ts';

/**
 * The heart that saves a product or a shop to the shopper's favourites (pressed when it is one). Vendors and
 * admins, who do not shop, get none.
 */
export function FavouriteButton(
  props: ({ product: CardProduct | Product; shop?: never } | { shop: Shop; product?: never }) & { className?: string },
) {
  const { isVendor, isAdmin } = useRole();
  const saved = props.product
    ? { kind: 'products' as const, item: props.product }
    : { kind: 'shops' as const, item: props.shop };
  const name = props.product ? props.product.productName : props.shop.shop;
  const { isFavourite, toggle, pending } = useFavourite(saved);
  if (isVendor || isAdmin) return null;
  return (
    <button
      type="button"
      className={`btn btn-circle btn-sm border-base-300 bg-base-100 ${props.className ?? ''}`}
      aria-pressed={isFavourite}
      aria-label={`Save ${name} to favourites`}
      title={isFavourite ? 'In your favourites' : 'Save to favourites'}
      onClick={() => {
        if (!pending) toggle();
      }}
    >
      <Heart
        size={18}
        aria-hidden="true"
        className={isFavourite ? 'text-error' : 'text-base-content/70'}
        fill={isFavourite ? 'currentColor' : 'none'}
      />
    </button>
  );
}

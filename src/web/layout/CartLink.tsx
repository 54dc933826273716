import { ShoppingCart } from 'lucide-react';
import { paths } from '../paths.ts';
import { BadgeLink } from './BadgeLink.tsx';
import { useCartCount } from './cart-count.ts';

/** The navbar cart icon with its '+N' badge. */
export function CartLink() {
  const count = useCartCount();
  return (
    <BadgeLink
      to={paths.dashboard.userCart}
      label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      icon={ShoppingCart}
      badge={`+${count}`}
    />
  );
}

import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { useCartCount } from './cart-count.ts';

/** The navbar cart icon with its '+N' badge. */
export function CartLink() {
  const count = useCartCount();
  return (
    <Link
      to={paths.dashboard.userCart}
      className="btn btn-ghost btn-circle"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
    >
      <span className="indicator">
        <ShoppingCart aria-hidden="true" />
        <span className="badge indicator-item badge-sm badge-secondary font-bold" aria-hidden="true">
          +{count}
        </span>
      </span>
    </Link>
  );
}

import { ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { categoryLabel } from '#contract/categories.ts';
import { thumbnailUrl } from '#contract/images.ts';
import { formatDollars } from '#contract/money.ts';
import type { Product } from '#contract/products.ts';
import { useAddToCart } from '../cart/useAddToCart.ts';
import { paths } from '../paths.ts';

/** A product in a grid: picture, category, name, 'By: shop name', price, and an Add button (one unit). */
export function ProductCard({
  product,
  footer,
  compact = false,
}: {
  product: Product;
  footer?: ReactNode;
  /** A shorter picture (deals row). */
  compact?: boolean;
}) {
  const addToCart = useAddToCart();
  const href = paths.productDetails(product._id);
  return (
    <article className="card card-sm h-full border border-base-300 bg-base-100 transition hover:shadow-md">
      <Link to={href} className="block p-3" tabIndex={-1} aria-hidden="true">
        <img
          src={thumbnailUrl(product.productImage)}
          alt=""
          width="400"
          height="400"
          loading="lazy"
          decoding="async"
          className={`w-full rounded-box bg-base-200 object-contain ${compact ? 'h-40' : 'aspect-square'}`}
        />
      </Link>
      <div className="card-body gap-1 pt-0">
        <p className="text-xs text-base-content/70">{categoryLabel(product.productCategory)}</p>
        <h3 className="card-title text-base leading-snug">
          <Link to={href} className="link-hover">
            {product.productName}
          </Link>
        </h3>
        <p className="text-sm">
          By:{' '}
          <Link to={paths.shopDetails(product.shopId)} className="link link-primary">
            {product.shopName}
          </Link>
        </p>
        {footer}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="text-lg font-bold text-primary">{formatDollars(product.productPrice)}</span>
          <button
            type="button"
            className="btn btn-sm btn-accent"
            onClick={() => addToCart(product, 1)}
            aria-label={`Add ${product.productName} to cart`}
          >
            <ShoppingCart size={16} aria-hidden="true" /> Add
          </button>
        </div>
      </div>
    </article>
  );
}

/** The storefront's product grid: 2, 3 or 5 columns by width. */
export function ProductGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 xl:grid-cols-5">
      {children}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 xl:grid-cols-5" role="status">
      <span className="sr-only">Loading products</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="skeleton h-72 w-full" aria-hidden="true" />
      ))}
    </div>
  );
}

import { MapPin, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { categoryLabel } from '#contract/categories.ts';
import { distanceAwayText } from '#contract/distance-format.ts';
import type { CardProduct } from '#contract/products.ts';
import { useRole } from '../auth/AuthProvider.tsx';
import { useAddToCart } from '../cart/useAddToCart.ts';
import { FavouriteButton } from '../favourites/FavouriteButton.tsx';
import { paths } from '../paths.ts';
import { DealPrice, UseBy } from './DealPrice.tsx';
import { useDistanceUnit } from './distance-unit.ts';
import { LabelBadges } from './FoodFacts.tsx';
import { Picture } from './Picture.tsx';
import { PremiumBadge } from './PremiumBadge.tsx';
import { distanceOf, useShopperPlace } from './shopper-place.ts';
import { UnitPrice } from './UnitPrice.tsx';

/** A card picture's width in ProductGrid: 2 columns on phones, 3 from 768 px, 5 from 1280 px (in 1280 px at most). */
const CARD_SIZES = '(min-width: 1280px) 212px, (min-width: 768px) calc(33vw - 48px), calc(50vw - 48px)';

/**
 * A product in a grid: picture with the favourites heart, category, name, 'By: shop name', price per unit, and an
 * Add button (one unit) for shoppers and visitors (who are asked to sign in); vendors and admins, who cannot buy, get
 * neither button. A product in several sizes (decision 052) reads "from" its cheapest size's price and unit price,
 * and its button is a link to the product page's size picker ("Choose a size").
 */
export function ProductCard({
  product,
  footer,
  compact = false,
  shopBadge = true,
  priority = false,
}: {
  product: CardProduct;
  footer?: ReactNode;
  /** A shorter picture (deals row). */
  compact?: boolean;
  /** The 'Premium shop' badge beside the shop's name; off on the shop's own page, whose header has it. */
  shopBadge?: boolean;
  /** Among the first cards of the page, whose pictures are fetched first. */
  priority?: boolean;
}) {
  const addToCart = useAddToCart();
  const { isVendor, isAdmin } = useRole();
  const href = paths.productDetails(product._id);
  const distance = distanceOf(product, useShopperPlace());
  const distanceUnit = useDistanceUnit();
  const sizes = product.sizes.count > 1;
  return (
    <article className="card card-sm relative h-full border border-base-300 bg-base-100 transition hover:shadow-md">
      <Link to={href} className="block p-3" tabIndex={-1} aria-hidden="true">
        <Picture
          src={product.productImage}
          alt=""
          width={400}
          height={400}
          sizes={compact ? '160px' : CARD_SIZES}
          priority={priority}
          className={`w-full rounded-box bg-base-200 object-contain ${compact ? 'h-40' : 'aspect-square'}`}
        />
      </Link>
      <FavouriteButton product={product} className="absolute top-4 right-4" />
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
          {product.shopPremium && shopBadge ? <PremiumBadge className="ml-1 align-middle" /> : null}
        </p>
        <LabelBadges labels={product.labels} max={3} />
        {product.markdown ? <UseBy day={product.markdown.useBy} /> : null}
        {distance !== undefined ? (
          <p className="flex items-center gap-1 text-sm text-base-content/80">
            <MapPin size={14} aria-hidden="true" className="shrink-0 text-primary" />
            {distanceAwayText(distance, distanceUnit)}
          </p>
        ) : null}
        {footer}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2">
          <CardPrice product={product} />
          {isVendor || isAdmin ? null : sizes ? (
            <Link to={href} className="btn btn-sm btn-accent" aria-label={`Choose a size of ${product.productName}`}>
              Choose a size
            </Link>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-accent"
              onClick={() => addToCart.add(product, 1)}
              disabled={addToCart.pending}
              aria-label={`Add ${product.productName} to cart`}
            >
              <ShoppingCart size={16} aria-hidden="true" /> Add
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * A card's price: the product's (with its deal or markdown struck through), or for several sizes "from" the cheapest
 * size's, with that size's unit price.
 */
function CardPrice({ product }: { product: CardProduct }) {
  // A near-expiry markdown is given only when it beats the deal (the cart charges the better of the two).
  const sale = product.markdown ?? product.deal;
  if (product.sizes.count > 1) {
    const low = product.sizes.from;
    const gramsPerPiece = low.soldByWeight ? low.gramsPerPiece : null;
    return sale && low.salePrice !== null ? (
      <DealPrice
        from
        price={low.price}
        deal={{ discountPercent: sale.discountPercent, price: low.salePrice }}
        unit={low.unit}
        pack={low.pack}
        pieceName={product.pieceName}
        gramsPerPiece={gramsPerPiece}
      />
    ) : (
      <UnitPrice
        from
        price={low.price}
        unit={low.unit}
        pack={low.pack}
        pieceName={product.pieceName}
        gramsPerPiece={gramsPerPiece}
        className="text-lg font-bold text-primary"
      />
    );
  }
  return sale ? (
    <DealPrice
      price={product.productPrice}
      deal={sale}
      unit={product.productQuantity.unit}
      pack={product.pack}
      pieceName={product.pieceName}
      gramsPerPiece={product.gramsPerPiece}
    />
  ) : (
    <UnitPrice
      price={product.productPrice}
      unit={product.productQuantity.unit}
      pack={product.pack}
      pieceName={product.pieceName}
      gramsPerPiece={product.gramsPerPiece}
      className="text-lg font-bold text-primary"
    />
  );
}

/**
 * The storefront's product grid, 2, 3 or 5 columns by width: a list named `label`, an item per product, each the
 * card `card` makes (by default a plain ProductCard).
 */
export function ProductGrid<P extends CardProduct>({
  label,
  products,
  card = (product) => <ProductCard product={product} />,
}: {
  label?: string;
  products: readonly P[];
  card?: (product: P, index: number) => ReactNode;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 xl:grid-cols-5">
      {products.map((product, index) => (
        <li key={product._id}>{card(product, index)}</li>
      ))}
    </ul>
  );
}

/** The grid while its products load: cards of the products' shape (picture, category, name, shop, price). */
export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 xl:grid-cols-5" role="status">
      <span className="sr-only">Loading products</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="card card-sm border border-base-300 bg-base-100" aria-hidden="true">
          <div className="p-3">
            <div className="skeleton aspect-square w-full" />
          </div>
          <div className="card-body gap-2 pt-0">
            <div className="skeleton h-4 w-1/3" />
            <div className="skeleton h-6 w-3/4" />
            <div className="skeleton h-5 w-2/3" />
            {/* Price and Add, on two lines where the card is narrow, as in the card. */}
            <div className="mt-2 flex flex-wrap justify-between gap-2">
              <div className="skeleton h-7 w-24" />
              <div className="skeleton h-8 w-16" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

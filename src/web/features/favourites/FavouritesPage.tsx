import { MapPin, ShoppingCart } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type BuyAgainItem, buyAgainSummary } from '#contract/favourites.ts';
import type { CardProduct } from '#contract/products.ts';
import type { Shop } from '#contract/shops.ts';
import { errorMessage } from '../../api/client.ts';
import { useFavourite, useFavourites } from '../../favourites/favourites.ts';
import { paths } from '../../paths.ts';
import { Loaded } from '../../ui/Loaded.tsx';
import { ProductCard, ProductGrid } from '../../ui/ProductCard.tsx';
import { ShopThumb, Thumb } from '../../ui/Thumb.tsx';
import { toast } from '../../ui/toast.ts';
import { UnitPrice } from '../../ui/UnitPrice.tsx';
import { useAddAllToCart, useBuyAgain } from './buy-again.ts';

/** One kind of favourites under a heading with their count, or a line saying there are none yet. */
function FavouriteSection({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  /** Said when there are none. */
  empty: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold">
        {title} ({count})
      </h2>
      {count === 0 ? <p className="mt-3 rounded-box bg-base-200 p-6">{empty}</p> : children}
    </section>
  );
}

/** The shopper's favourite products and shops, and the products of their delivered orders to buy again. */
export function FavouritesPage() {
  const favourites = useFavourites();
  return (
    <div className="flex max-w-6xl flex-col gap-10">
      <div>
        <h1 className="text-3xl font-bold">Favourites</h1>
        <p className="mt-1">
          Tap a heart on any product or shop to keep it here. We tell you when a favourite is back in stock.
        </p>
      </div>
      <Loaded query={favourites} loading="Loading your favourites">
        {(data) => (
          <>
            <FavouriteSection
              id="favourite-products"
              title="Products"
              count={data.products.length}
              empty="No favourite products yet."
            >
              <div className="mt-3">
                <ProductGrid
                  label="Favourite products"
                  products={data.products}
                  card={(product) => <ProductCard product={product} footer={<Stock product={product} />} />}
                />
              </div>
            </FavouriteSection>
            <FavouriteSection
              id="favourite-shops"
              title="Shops"
              count={data.shops.length}
              empty="No favourite shops yet."
            >
              <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Favourite shops">
                {data.shops.map((shop) => (
                  <FavouriteShop key={shop._id} shop={shop} />
                ))}
              </ul>
            </FavouriteSection>
          </>
        )}
      </Loaded>
      <BuyAgain />
    </div>
  );
}

/** None of its sizes is left (decision 052: one size sold out leaves the others). */
const soldOut = (product: CardProduct) => !product.sizes.inStock;

/** A favourite product's stock, when it cannot be bought right now. */
function Stock({ product }: { product: CardProduct }) {
  if (product.expired) return <p className="text-sm font-semibold text-error">No longer on sale</p>;
  if (soldOut(product)) return <p className="text-sm font-semibold text-error">Sold out for now</p>;
  return null;
}

function FavouriteShop({ shop }: { shop: Shop }) {
  const { toggle, pending } = useFavourite({ kind: 'shops', item: shop });
  return (
    <li className="card card-sm border border-base-300 bg-base-100">
      <div className="card-body flex-row items-center gap-3">
        <ShopThumb image={shop.image} size={64} sizeClass="size-16" />
        <div className="min-w-0 flex-1">
          <Link to={paths.shopDetails(shop._id)} className="link link-hover font-semibold">
            {shop.shop}
          </Link>
          {shop.address ? (
            <p className="flex gap-1 text-sm">
              <MapPin size={14} className="mt-1 shrink-0 text-primary" aria-hidden="true" /> {shop.address}
            </p>
          ) : null}
          <p className="text-sm">
            {shop.productCount} {shop.productCount === 1 ? 'product' : 'products'}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-sm shrink-0"
          onClick={toggle}
          disabled={pending}
          aria-label={`Remove ${shop.shop} from favourites`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** A buy-again product's price today, "from" its cheapest size when it has several. */
function BuyAgainPrice({ product }: { product: CardProduct }) {
  const low = product.sizes.from;
  const several = product.sizes.count > 1;
  return (
    <UnitPrice
      from={several}
      price={
        several ? (low.salePrice ?? low.price) : ((product.markdown ?? product.deal)?.price ?? product.productPrice)
      }
      unit={several ? low.unit : product.productQuantity.unit}
      pack={several ? low.pack : product.pack}
      gramsPerPiece={several ? (low.soldByWeight ? low.gramsPerPiece : null) : product.gramsPerPiece}
      className="shrink-0 font-bold text-primary"
    />
  );
}

/** Why a buy-again product cannot be added now, or null when it can. */
function unavailable(item: BuyAgainItem): string | null {
  if (!item.product) return 'No longer sold';
  if (item.product.expired) return 'No longer on sale';
  if (soldOut(item.product)) return 'Sold out';
  return null;
}

const orderedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function BuyAgain() {
  const list = useBuyAgain();
  const addAll = useAddAllToCart();
  const [said, setSaid] = useState('');
  const add = () =>
    addAll.mutate(undefined, {
      onSuccess: (result) => {
        const summary = buyAgainSummary(result);
        setSaid(summary);
        (result.added.length > 0 ? toast.success : toast.error)(summary);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <section aria-labelledby="buy-again">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="buy-again" className="text-2xl font-bold">
          Buy again
        </h2>
        {list.data && list.data.items.length > 0 ? (
          <button type="button" className="btn btn-primary" onClick={add} disabled={addAll.isPending}>
            <ShoppingCart size={18} aria-hidden="true" /> Add all to cart
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-sm">
        What you bought in your delivered and picked-up orders, the latest first. “Add all to cart” adds one of each
        that is on sale.
      </p>
      <p className="mt-2 font-semibold" role="status">
        {said}
      </p>
      <Loaded query={list} loading="Loading what you bought">
        {({ items }) =>
          items.length === 0 ? (
            <p className="mt-3 rounded-box bg-base-200 p-6">Products of your delivered orders will show here.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2" aria-label="Bought before">
              {items.map((item) => {
                const reason = unavailable(item);
                return (
                  <li
                    key={item.productId}
                    className="flex items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3"
                  >
                    <Thumb
                      src={item.product?.productImage ?? item.image}
                      alt=""
                      size={56}
                      className="size-14 shrink-0 rounded-box bg-base-200 object-contain"
                    />
                    <div className="min-w-0 flex-1">
                      {item.product ? (
                        <Link to={paths.productDetails(item.productId)} className="link link-hover font-semibold">
                          {item.product.productName}
                        </Link>
                      ) : (
                        <span className="font-semibold">{item.name}</span>
                      )}
                      <p className="text-sm">Last ordered {orderedOn(item.orderedAt)}</p>
                    </div>
                    {reason ? (
                      <span className="shrink-0 text-sm font-semibold text-error">{reason}</span>
                    ) : item.product ? (
                      <BuyAgainPrice product={item.product} />
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

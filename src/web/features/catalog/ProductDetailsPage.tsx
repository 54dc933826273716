import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { categoryLabel, categoryPath } from '#contract/categories.ts';
import { distanceAwayText } from '#contract/distance-format.ts';
import { madeOnLabel } from '#contract/food-fact-names.ts';
import { MAX_LINE_UNITS } from '#contract/money.ts';
import type { ProductOption } from '#contract/products.ts';
import { netText, soldByText, unitWord } from '#contract/units.ts';
import { useRole } from '../../auth/AuthProvider.tsx';
import { useAddToCart } from '../../cart/useAddToCart.ts';
import { FavouriteButton } from '../../favourites/FavouriteButton.tsx';
import { paths } from '../../paths.ts';
import { DealEnd, DealPrice, UseBy } from '../../ui/DealPrice.tsx';
import { useDistanceUnit } from '../../ui/distance-unit.ts';
import { IngredientsLine, LabelBadges } from '../../ui/FoodFacts.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { PageMeta } from '../../ui/PageMeta.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { firstInStock, optionsOf } from '../../ui/product-options.ts';
import { QuantityStepper } from '../../ui/QuantityStepper.tsx';
import { Stars } from '../../ui/Stars.tsx';
import { distanceOf, useShopperPlace } from '../../ui/shopper-place.ts';
import { UnitPrice } from '../../ui/UnitPrice.tsx';
import { GonePanel } from './GonePanel.tsx';
import { useProduct } from './get-product.ts';
import { ProductMeta } from './ProductMeta.tsx';
import { ReviewPanel } from './ReviewForm.tsx';
import { ReviewList } from './ReviewList.tsx';
import { SizePicker } from './SizePicker.tsx';

const WEIGHED = 'piece, charged by its actual weight';

/**
 * What an amount of a size counts, beside the stepper and in the stock: its units ("jars", "dozen", "kg"), pieces of
 * weighed goods, and a pack named by a unit ("Half dozen", whose last word is no pack's name) by its name
 * ("× Half dozen").
 */
function sizeWord(amount: number, option: ProductOption): string {
  return option.soldByWeight ? unitWord(amount, 'piece') : unitWord(amount, option.unit, option.pack);
}

/** A size as the details list names it: "Half dozen (6 pieces)", "Dozen (12 pieces)", "Half lamb (pieces by weight)". */
function sizeText(option: ProductOption): string {
  if (option.soldByWeight) return `${option.label} (${WEIGHED})`;
  if (option.unit === 'pack' && option.pack) return `${option.label} (${netText(option.pack)})`;
  if (option.unit === 'dozen') return `${option.label} (12 pieces)`;
  if (option.unit === 'piece') return option.label;
  return `${option.label} (sold by the ${soldByText(option.unit)})`;
}

export function ProductDetailsPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const addToCart = useAddToCart();
  const { isVendor, isAdmin } = useRole();
  const [amount, setAmount] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const place = useShopperPlace();
  const distanceUnit = useDistanceUnit();

  if (product.isPending) return <PageLoader label="Loading the product" />;
  if (product.isError) {
    const gone = {
      title: 'This product is no longer available',
      text: 'It may have sold out, expired or been removed by its shop.',
    };
    return (
      <>
        <PageMeta title="Product not available" />
        <GonePanel error={product.error} gone={gone} to={paths.home} link="Go Home" onRetry={() => product.refetch()} />
      </>
    );
  }
  const p = product.data;
  // What is taken off the price: a markdown, else a deal.
  const offer = p.markdown ?? p.deal;
  const summary = p.reviewSummary;
  const options = optionsOf(p);
  const sizes = options.length > 1;
  // The size chosen (decision 052): the first in stock until the shopper picks one.
  const option = options.find((o) => o._id === chosen) ?? firstInStock(p);
  const stock = option.available;
  const weighed = option.soldByWeight ? option.gramsPerPiece : null;
  const categoryPage = categoryPath(p.productCategory);
  const distance = distanceOf(p, place);
  const choose = (optionId: string) => {
    setChosen(optionId);
    setAmount(1);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <ProductMeta product={p} summary={summary} />
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          <li>
            <Link to={categoryPage}>{categoryLabel(p.productCategory)}</Link>
          </li>
          <li aria-current="page">{p.productName}</li>
        </ul>
      </nav>
      {/*
        The buy box (name, price, size, Add to Cart) comes first: on a phone above the picture, so Add to Cart is in
        the first screen; from 768 px beside it, the details under the buy box.
      */}
      <div className="mt-2 grid gap-x-8 gap-y-6 md:mt-4 md:grid-cols-2 md:grid-rows-[auto_1fr]">
        <div className="min-w-0 md:col-start-2 md:row-start-1">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold md:text-4xl">{p.productName}</h1>
            <FavouriteButton product={p} className="mt-1 shrink-0" />
          </div>
          <div className="mt-1 flex items-center gap-2 md:mt-2">
            {summary.reviewCount > 0 ? (
              <>
                <Stars rating={summary.averageRating} size={20} />
                <span className="text-sm">
                  ({summary.reviewCount} review{summary.reviewCount === 1 ? '' : 's'})
                </span>
              </>
            ) : (
              <span className="text-sm text-base-content/70">No ratings yet</span>
            )}
          </div>
          {offer && option.salePrice !== null ? (
            <div className="mt-3 md:mt-4">
              <DealPrice
                price={option.price}
                deal={{ discountPercent: offer.discountPercent, price: option.salePrice }}
                unit={option.unit}
                pack={option.pack}
                pieceName={p.pieceName}
                gramsPerPiece={weighed}
                className="text-xl"
              />
              {p.markdown ? (
                <UseBy day={p.markdown.useBy} className="mt-1" />
              ) : p.deal ? (
                <DealEnd endsAt={p.deal.endsAt} />
              ) : null}
            </div>
          ) : (
            <p className="mt-3 text-3xl font-bold text-primary md:mt-4">
              <UnitPrice
                price={option.price}
                unit={option.unit}
                pack={option.pack}
                pieceName={p.pieceName}
                gramsPerPiece={weighed}
              />
            </p>
          )}
          {sizes ? (
            <SizePicker
              name={`size-${p._id}`}
              options={options}
              pieceName={p.pieceName}
              value={option._id}
              onChange={choose}
            />
          ) : null}
          {isVendor || isAdmin ? (
            <p className="mt-4 text-base-content/80">Sign in as a shopper to buy.</p>
          ) : stock > 0 ? (
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <QuantityStepper value={amount} max={Math.min(stock, MAX_LINE_UNITS)} onChange={setAmount} />
              {/* What the stepper counts: the option's units ("jars", "kg"), pieces of weighed goods. */}
              <span className="text-sm">{sizeWord(amount, option)}</span>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() =>
                  addToCart.add(p, amount, sizes ? { optionId: option._id, optionLabel: option.label } : {})
                }
                disabled={addToCart.pending}
              >
                <ShoppingCart size={18} aria-hidden="true" /> Add to Cart
              </button>
              {stock > MAX_LINE_UNITS ? (
                <p className="w-full text-sm text-base-content/80">
                  At most {MAX_LINE_UNITS} of one product per order.
                </p>
              ) : null}
            </div>
          ) : (
            <p className="mt-4 font-semibold text-error">
              {sizes ? `${option.label}: sold out for now.` : 'Sold out for now.'}
            </p>
          )}
        </div>
        <Picture
          src={p.productImage}
          alt={p.productName}
          width={600}
          height={600}
          sizes="(min-width: 1280px) 560px, (min-width: 768px) calc(50vw - 82px), calc(100vw - 82px)"
          priority
          className="aspect-square w-full rounded-box border border-base-300 bg-base-200 object-contain p-6 md:col-start-1 md:row-span-2 md:row-start-1"
        />
        <div className="min-w-0 md:col-start-2 md:row-start-2">
          <LabelBadges labels={p.labels} />
          <p className="mt-4 whitespace-pre-line">{p.productDetails}</p>
          <IngredientsLine product={p} />
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">{sizes ? 'Size' : 'Unit'}</dt>
            <dd>{sizes ? sizeText(option) : weighed === null ? soldByText(option.unit, option.pack) : WEIGHED}</dd>
            <dt className="font-semibold">In stock</dt>
            <dd>{stock > 0 ? `${stock.toLocaleString('en-US')} ${sizeWord(stock, option)}` : 'Sold out'}</dd>
            <dt className="font-semibold">Vendor</dt>
            <dd>
              <Link to={paths.shopDetails(p.shopId)} className="link link-primary">
                {p.shopName}
              </Link>
            </dd>
            {p.origin ? (
              <>
                <dt className="font-semibold">Comes from</dt>
                <dd>
                  {p.origin.name}
                  {p.origin.postcode ? ` (${p.origin.postcode})` : ''}
                  {distance !== undefined ? `, ${distanceAwayText(distance, distanceUnit)}` : ''}
                </dd>
              </>
            ) : null}
            <dt className="font-semibold">{madeOnLabel(p.productCategory)}</dt>
            <dd>{p.productManufacturingDate}</dd>
            <dt className="font-semibold">Best before</dt>
            <dd>{p.productExpireDate}</dd>
          </dl>
        </div>
      </div>
      <section aria-labelledby="reviews-title" className="below-fold mt-12 grid gap-8 lg:grid-cols-2">
        <div>
          <h2 id="reviews-title" className="mb-4 text-2xl font-bold">
            Customer reviews
          </h2>
          <ReviewList productId={p._id} />
        </div>
        <div>
          <ReviewPanel key={p._id} productId={p._id} />
        </div>
      </section>
    </div>
  );
}

import { useState } from 'react';
import { Link, useMatches, useParams } from 'react-router';
import { CATEGORIES, type CategoryValue, categoryPath } from '#contract/categories.ts';
import { totalLabel } from '#contract/listing-count.ts';
import { PlaceControl } from '../../layout/PlaceControl.tsx';
import { paths } from '../../paths.ts';
import { CATEGORY_PICTURES } from '../../ui/category-pictures.ts';
import { PageMeta } from '../../ui/PageMeta.tsx';
import { useShopperPlace } from '../../ui/shopper-place.ts';
import { CategoryDeals } from './CategoryDeals.tsx';
import { useUrlFilters } from './FilterPanel.tsx';
import { useProductPages } from './list-products.ts';
import { FilteredProductPages } from './ProductPages.tsx';
import { type PriceSort, SortSelect } from './SortSelect.tsx';

/**
 * A category's products: banner, its products on deal, 'We found N items for you!', filters with counts, price sort,
 * grid and "Load more".
 */
export function CategoryPage({ category }: { category: CategoryValue }) {
  const [sort, setSort] = useState<PriceSort>('popular');
  const [filters] = useUrlFilters();
  const products = useProductPages({ category, sort, ...filters });
  const place = useShopperPlace();
  const info = CATEGORIES.find((c) => c.value === category);
  const first = products.data?.pages[0];
  const total = first?.total;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <PageMeta
        title={info?.label}
        description={`${info?.label} from local shops on Farmstall, sold ${info?.unit === 'piece' ? 'by the piece' : `by the ${info?.unit}`}.`}
        canonical={categoryPath(category)}
      />
      <section className="flex items-center justify-between gap-4 rounded-box bg-accent px-6 py-8 text-accent-content md:px-12">
        <div>
          <h1 className="text-3xl font-bold md:text-4xl">{info?.label}</h1>
          <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
            <ul>
              <li>
                <Link to={paths.home}>Home</Link>
              </li>
              <li>{info?.label}</li>
            </ul>
          </nav>
        </div>
        <img src={CATEGORY_PICTURES[category]} alt="" width="128" height="128" className="size-20 md:size-28" />
      </section>
      <CategoryDeals category={category} label={info?.label ?? ''} />
      <div className="my-6 flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite">
          {total === undefined || total === null ? (
            'Finding products…'
          ) : (
            <>
              We found <span className="font-bold text-primary">{totalLabel(total, first?.totalCapped)}</span> items for
              you!
            </>
          )}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <PlaceControl />
          <SortSelect value={sort} onChange={setSort} nearest={Boolean(place)} />
        </div>
      </div>
      <FilteredProductPages
        query={products}
        filters={filters}
        label={`${info?.label} products`}
        heading={`${info?.label} products`}
        empty={<p className="rounded-box bg-base-200 p-6">No products in this category yet. Please check back soon.</p>}
      />
    </div>
  );
}

/** The six spec category routes carry their category in the route handle. */
export function FixedCategoryPage() {
  const matches = useMatches();
  const category = (matches.at(-1)?.handle as { category?: CategoryValue } | undefined)?.category;
  return category ? <CategoryPage key={category} category={category} /> : null;
}

/** /category/:value for any of the 12 categories. */
export function CategoryByValuePage() {
  const { value } = useParams();
  const category = CATEGORIES.find((c) => c.value === value);
  if (!category) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 text-center">
        <PageMeta title="Category not found" />
        <h1 className="text-3xl font-bold">Category not found</h1>
        <Link to={paths.home} className="btn btn-primary mt-6">
          Go Home
        </Link>
      </div>
    );
  }
  return <CategoryPage key={category.value} category={category.value} />;
}

import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ProductPage } from '#contract/products.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { ProductCard, ProductGrid, ProductGridSkeleton } from '../../ui/ProductCard.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { activeFilterCount, type ListingFilters } from './listing-filters.ts';

type ProductPagesProps = {
  query: UseInfiniteQueryResult<InfiniteData<ProductPage>>;
  label: string;
  empty: React.ReactNode;
  /** Whether cards show their shop's premium badge (not on the shop's own page). */
  shopBadges?: boolean;
  /** An h2 for screen readers above the cards (whose names are h3), where the page shows none after its h1. */
  heading?: string;
};

/**
 * A filtered listing (a category, a shop, a search): the filter panel with the first page's facets beside the
 * product pages. `empty` is said when nothing is listed and no filter is on; with filters on, the listing asks to
 * remove one.
 */
export function FilteredProductPages({ filters, empty, ...pages }: ProductPagesProps & { filters: ListingFilters }) {
  return (
    <div className="grid gap-4 md:grid-cols-[13rem_minmax(0,1fr)] md:items-start">
      <FilterPanel facets={pages.query.data?.pages[0]?.facets} />
      <div className="min-w-0">
        <ProductPages
          {...pages}
          empty={
            activeFilterCount(filters) ? (
              <p className="rounded-box bg-base-200 p-6">No products match these filters. Try removing one.</p>
            ) : (
              empty
            )
          }
        />
      </div>
    </div>
  );
}

/** The grid of every loaded page and a "Load more" button that follows the cursor. */
export function ProductPages({ query, label, empty, shopBadges = true, heading }: ProductPagesProps) {
  if (query.isPending) return <ProductGridSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      {heading ? <h2 className="sr-only">{heading}</h2> : null}
      <ProductGrid
        label={label}
        products={items}
        card={(product, index) => <ProductCard product={product} shopBadge={shopBadges} priority={index < 2} />}
      />
      {query.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className="btn btn-outline btn-primary"
            onClick={() => query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Load more
          </button>
        </div>
      ) : null}
    </>
  );
}

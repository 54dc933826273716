import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ProductPage } from '#contract/products.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { ProductCard, ProductGrid, ProductGridSkeleton } from '../../ui/ProductCard.tsx';

/** The grid of every loaded page and a "Load more" button that follows the cursor. */
export function ProductPages({
  query,
  label,
  empty,
  shopBadges = true,
  heading,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ProductPage>>;
  label: string;
  empty: React.ReactNode;
  /** Whether cards show their shop's premium badge (not on the shop's own page). */
  shopBadges?: boolean;
  /** An h2 for screen readers above the cards (whose names are h3), where the page shows none after its h1. */
  heading?: string;
}) {
  if (query.isPending) return <ProductGridSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      {heading ? <h2 className="sr-only">{heading}</h2> : null}
      <ProductGrid label={label}>
        {items.map((product, index) => (
          <li key={product._id}>
            <ProductCard product={product} shopBadge={shopBadges} priority={index < 2} />
          </li>
        ))}
      </ProductGrid>
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

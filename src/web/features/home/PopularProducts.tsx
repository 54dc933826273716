import { useState } from 'react';
import { CATEGORIES, type CategoryValue } from '#contract/categories.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { ProductGrid, ProductGridSkeleton } from '../../ui/ProductCard.tsx';
import { usePopularProducts } from './get-popular-products.ts';

/** 'Popular Products': All or one category, up to 10, most popular first. */
export function PopularProducts() {
  const [category, setCategory] = useState<CategoryValue | undefined>(undefined);
  const popular = usePopularProducts(category);
  const filters = [{ value: undefined, label: 'All' }, ...CATEGORIES.map((c) => ({ value: c.value, label: c.label }))];

  return (
    <section aria-labelledby="home-popular" className="below-fold mx-auto max-w-7xl px-4 pt-10">
      <div className="flex flex-col gap-3">
        <h2 id="home-popular" className="text-2xl font-bold">
          Popular Products
        </h2>
        <fieldset className="flex flex-wrap gap-2" aria-label="Filter popular products by category">
          {filters.map((f) => (
            <button
              key={f.label}
              type="button"
              aria-pressed={category === f.value}
              onClick={() => setCategory(f.value)}
              className={`btn btn-xs sm:btn-sm ${category === f.value ? 'btn-primary' : 'btn-ghost'}`}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="mt-4">
        {popular.isPending ? (
          <ProductGridSkeleton />
        ) : popular.isError ? (
          <LoadError error={popular.error} onRetry={() => popular.refetch()} />
        ) : popular.data.length === 0 ? (
          <p className="rounded-box bg-base-200 p-6">No products in this category yet.</p>
        ) : (
          <ProductGrid label="Popular products" products={popular.data} />
        )}
      </div>
    </section>
  );
}

import type { CategoryValue } from '#contract/categories.ts';
import { CATEGORY_DEALS_ANCHOR } from '../../paths.ts';
import { DealEnd } from '../../ui/DealPrice.tsx';
import { ProductCard, ProductGrid } from '../../ui/ProductCard.tsx';
import { useCategoryDeals } from './get-category-deals.ts';

/**
 * A category's products on deal now, each with its old price, its saving and when the deal ends; the shelf is left
 * out while there are none (or they could not be read: the listing below shows the same prices).
 */
export function CategoryDeals({ category, label }: { category: CategoryValue; label: string }) {
  const deals = useCategoryDeals(category);
  if (!deals.data?.length) return null;
  return (
    <section id={CATEGORY_DEALS_ANCHOR} aria-labelledby="category-deals" className="mt-6 scroll-mt-24">
      <h2 id="category-deals" className="text-2xl font-bold">
        {label} on deal
      </h2>
      <div className="mt-4">
        <ProductGrid
          label={`${label} on deal`}
          products={deals.data}
          card={(deal) => <ProductCard compact product={deal} footer={<DealEnd endsAt={deal.endsAt} />} />}
        />
      </div>
    </section>
  );
}

import type { ProductSort } from '#contract/products.ts';

export type PriceSort = Extract<ProductSort, 'popular' | 'price-asc' | 'price-desc'>;

/** The spec's sort select: Sort (most popular first), Price: Low to High, Price: High to Low. */
export function SortSelect({ value, onChange }: { value: PriceSort; onChange: (sort: PriceSort) => void }) {
  return (
    <label className="flex items-center gap-2">
      <span className="sr-only">Sort products</span>
      <select className="select select-sm w-48" value={value} onChange={(e) => onChange(e.target.value as PriceSort)}>
        <option value="popular">Sort</option>
        <option value="price-asc">Price: Low to High</option>
        <option value="price-desc">Price: High to Low</option>
      </select>
    </label>
  );
}

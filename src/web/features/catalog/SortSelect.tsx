import { useRef } from 'react';
import type { ProductSort } from '#contract/products.ts';
import { useTypedBeforeHydration } from '../../ui/use-typed-before-hydration.ts';

export type PriceSort = Extract<ProductSort, 'popular' | 'price-asc' | 'price-desc' | 'nearest'>;

/**
 * The spec's sort select: Sort (most popular first), Price: Low to High, Price: High to Low; and Nearest first when
 * the shopper's place is known (`nearest`).
 */
export function SortSelect({
  value,
  onChange,
  nearest = false,
}: {
  value: PriceSort;
  onChange: (sort: PriceSort) => void;
  nearest?: boolean;
}) {
  const select = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(select, value, (chosen) => onChange(chosen as PriceSort));
  return (
    <label className="flex items-center gap-2">
      <span className="sr-only">Sort products</span>
      <select
        ref={select}
        className="select select-sm w-48"
        value={value === 'nearest' && !nearest ? 'popular' : value}
        onChange={(e) => onChange(e.target.value as PriceSort)}
      >
        <option value="popular">Sort</option>
        <option value="price-asc">Price: Low to High</option>
        <option value="price-desc">Price: High to Low</option>
        {nearest ? <option value="nearest">Nearest first</option> : null}
      </select>
    </label>
  );
}

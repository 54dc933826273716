import { LoadError } from '../../ui/LoadError.tsx';
import { ProductGrid } from '../../ui/ProductCard.tsx';
import { useLastChance } from './get-last-chance.ts';

/** 'Last chance': products marked down before they expire, soonest first; the shelf is left out when there are none. */
export function LastChance() {
  const shelf = useLastChance();
  if (shelf.isPending || (shelf.isSuccess && shelf.data.length === 0)) return null;
  return (
    <section aria-labelledby="home-last-chance" className="below-fold mx-auto max-w-7xl px-4 pt-10">
      <h2 id="home-last-chance" className="text-2xl font-bold">
        Last chance
      </h2>
      <p className="mt-1 text-base-content/80">Marked down before they expire: good food, lower prices.</p>
      <div className="mt-4">
        {shelf.isError ? (
          <LoadError error={shelf.error} onRetry={() => shelf.refetch()} />
        ) : (
          <ProductGrid label="Last chance" products={shelf.data} />
        )}
      </div>
    </section>
  );
}

import { DealEnd } from '../../ui/DealPrice.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { ProductCard, ProductGridSkeleton } from '../../ui/ProductCard.tsx';
import { Countdown } from './Countdown.tsx';
import { useDeals } from './get-deals.ts';

/** 'Deals of the day': three products, each with its discount, a countdown and the moment its deal ends. */
export function DealsOfTheDay() {
  const deals = useDeals();
  return (
    <section aria-labelledby="home-deals" className="below-fold mx-auto max-w-7xl px-4 pt-10">
      <h2 id="home-deals" className="text-2xl font-bold">
        Deals of the day
      </h2>
      <div className="mt-4">
        {deals.isPending ? (
          <ProductGridSkeleton count={3} />
        ) : deals.isError ? (
          <LoadError error={deals.error} onRetry={() => deals.refetch()} />
        ) : deals.data.length === 0 ? (
          <p className="rounded-box bg-base-200 p-6">No deals today. Come back tomorrow!</p>
        ) : (
          <ul aria-label="Deals of the day" className="grid gap-4 md:grid-cols-3">
            {deals.data.map((deal) => (
              <li key={deal._id}>
                <ProductCard
                  compact
                  product={deal}
                  footer={
                    <div className="mt-2">
                      <p className="mb-1 text-xs font-semibold">Deal ends in</p>
                      <Countdown endsAt={deal.endsAt} />
                      <DealEnd endsAt={deal.endsAt} />
                    </div>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

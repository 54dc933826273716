import { lazy, Suspense } from 'react';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { whenIdle } from '../../ui/when-idle.ts';
import { CATEGORY_CARDS, CategoryCard } from './category-cards.tsx';

// The carousel code loads once the page is idle after loading, or at the first tap or key; until then the first
// cards show in a row of the same size.
const CategorySwiper = lazy(() => whenIdle().then(() => import('./CategorySwiper.tsx')));

/** Each card's width in the first-paint row: CategorySwiper's cards per view and gaps at each width. */
const CARD_WIDTH =
  'basis-[calc((100%-13px)/2.3)] min-[480px]:basis-[calc((100%-46px)/3.3)] md:basis-[calc((100%-99px)/4.3)] lg:basis-[calc((100%-200px)/6)] xl:basis-[calc((100%-250px)/6)]';

/** 'Browse All Category': a card for each of the twelve categories, linking to its page. */
export function CategoryCarousel() {
  // The server renders the first-paint look; the browser swaps in the slider once the page is hydrated.
  const hydrated = useHydrated();
  const row = (
    <ul className="flex gap-[10px] overflow-hidden min-[480px]:gap-5 md:gap-[30px] lg:gap-10 xl:gap-[50px]">
      {CATEGORY_CARDS.map((category, index) => (
        <li key={category.path} className={`shrink-0 ${CARD_WIDTH}`}>
          <CategoryCard index={index} />
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 pt-10">
      <h2 id="home-categories" className="mb-4 text-2xl font-bold">
        Browse All Category
      </h2>
      <Suspense fallback={row}>{hydrated ? <CategorySwiper /> : row}</Suspense>
    </section>
  );
}

import { lazy, Suspense } from 'react';
import { CATEGORY_CARDS, CategoryCard } from './category-cards.tsx';

// The carousel code loads after the first paint; until then the first cards show in a row of the same size.
const CategorySwiper = lazy(() => import('./CategorySwiper.tsx'));

/** 'Browse All Category': six fixed cards linking to the category pages. */
export function CategoryCarousel() {
  return (
    <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 pt-10">
      <h2 id="home-categories" className="mb-4 text-2xl font-bold">
        Browse All Category
      </h2>
      <Suspense
        fallback={
          <ul className="grid grid-cols-2 gap-[10px] overflow-hidden min-[480px]:grid-cols-3 min-[480px]:gap-5 md:grid-cols-4 md:gap-[30px] lg:grid-cols-6 lg:gap-10 xl:gap-[50px]">
            {CATEGORY_CARDS.map((category, index) => (
              <li key={category.path}>
                <CategoryCard index={index} />
              </li>
            ))}
          </ul>
        }
      >
        <CategorySwiper />
      </Suspense>
    </section>
  );
}

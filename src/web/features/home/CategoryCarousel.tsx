import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { CATEGORY_CARDS, CategoryCard } from './category-cards.tsx';
import { RowArrow } from './RowArrow.tsx';
import { scrollBehavior, useScrollSettled } from './scroll-row.ts';

/** Each card's width: 2.3 cards per view on phones, 3.3 and 4.3 wider, 6 from 1024 px, with the row's gaps. */
const CARD_WIDTH =
  'basis-[calc((100%-13px)/2.3)] min-[480px]:basis-[calc((100%-46px)/3.3)] md:basis-[calc((100%-99px)/4.3)] lg:basis-[calc((100%-200px)/6)] xl:basis-[calc((100%-250px)/6)]';

/**
 * 'Browse All Category': a card for each of the twelve categories, linking to its page, in a row the browser scrolls
 * and snaps; below 1024 px a part of the next card peeks out, and round arrows scroll the row by a view.
 */
export function CategoryCarousel() {
  const row = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  useScrollSettled(
    row,
    useCallback((element: HTMLElement) => {
      const start = element.scrollLeft <= 1;
      const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
      setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
    }, []),
  );
  const scroll = (direction: 1 | -1) =>
    row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.75, behavior: scrollBehavior() });

  return (
    <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 pt-10">
      <h2 id="home-categories" className="mb-4 text-2xl font-bold">
        Browse All Category
      </h2>
      <div className="relative">
        <ul
          ref={row}
          className="flex snap-x snap-mandatory gap-[10px] overflow-x-auto overscroll-x-contain [scrollbar-width:none] min-[480px]:gap-5 md:gap-[30px] lg:gap-10 xl:gap-[50px] [&::-webkit-scrollbar]:hidden"
        >
          {CATEGORY_CARDS.map((category, index) => (
            <li key={category.path} className={`shrink-0 snap-start ${CARD_WIDTH}`}>
              <CategoryCard index={index} />
            </li>
          ))}
        </ul>
        <RowArrow
          icon={ChevronLeft}
          label="Previous categories"
          side="-left-3"
          disabled={edges.start}
          onClick={() => scroll(-1)}
        />
        <RowArrow
          icon={ChevronRight}
          label="Next categories"
          side="-right-3"
          disabled={edges.end}
          onClick={() => scroll(1)}
        />
      </div>
    </section>
  );
}

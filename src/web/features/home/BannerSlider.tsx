import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BannerSlide, SLIDES } from './banner-slides.tsx';
import { RowArrow } from './RowArrow.tsx';
import { scrollBehavior, useScrollSettled } from './scroll-row.ts';

const AUTOPLAY_MS = 2000;

/**
 * The two home banners in a row the browser scrolls and snaps (a swipe works), advancing every 2 s, also after a click
 * or a swipe, with dots and arrows. The server renders it as it stays: nothing is swapped in or moves at hydration, and
 * no slider library loads (decision 032).
 */
export function BannerSlider() {
  const row = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // Bumped by a dot or an arrow: the 2 s start again from the visitor's click.
  const [clicks, setClicks] = useState(0);

  const show = useCallback((index: number) => {
    const element = row.current;
    if (!element) return;
    const next = (index + SLIDES.length) % SLIDES.length;
    element.scrollTo({ left: next * element.clientWidth, behavior: scrollBehavior() });
    setActive(next);
  }, []);
  const go = (index: number) => {
    show(index);
    setClicks((n) => n + 1);
  };

  useScrollSettled(
    row,
    useCallback((element: HTMLElement) => setActive(Math.round(element.scrollLeft / element.clientWidth)), []),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a click (clicks) restarts the wait as a new slide does
  useEffect(() => {
    const timer = setTimeout(() => show(active + 1), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [active, clicks, show]);

  return (
    <section aria-label="Offers" aria-roledescription="carousel" className="mx-auto max-w-7xl px-4 pt-6">
      <div className="relative rounded-box bg-accent text-accent-content">
        <div
          ref={row}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {SLIDES.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI-ARIA carousel pattern), not a form's fieldset
            <div
              key={slide.title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${SLIDES.length}`}
              className="w-full shrink-0 snap-start"
            >
              <BannerSlide slide={slide} index={index} />
            </div>
          ))}
        </div>
        <RowArrow icon={ChevronLeft} label="Previous slide" side="left-2" onClick={() => go(active - 1)} />
        <RowArrow icon={ChevronRight} label="Next slide" side="right-2" onClick={() => go(active + 1)} />
        <div className="absolute inset-x-0 bottom-1.5 flex justify-center gap-0.5">
          {SLIDES.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === active}
              onClick={() => go(index)}
              className="group grid size-6 cursor-pointer place-items-center"
            >
              <span className="size-2 rounded-full bg-neutral/75 transition-all group-aria-[current=true]:size-3 group-aria-[current=true]:bg-primary" />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

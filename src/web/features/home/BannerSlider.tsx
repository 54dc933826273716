import { lazy, Suspense } from 'react';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { whenIdle } from '../../ui/when-idle.ts';
import { BannerSlide, SLIDES } from './banner-slides.tsx';

// The slider code loads once the page is idle after loading, or at the first tap or key; until then the first banner
// shows as it will in the slider, as tall as the tallest banner (the others lie hidden under it), so nothing moves
// when the slider comes.
const BannerSwiper = lazy(() => whenIdle().then(() => import('./BannerSwiper.tsx')));

/** The two home banners. */
export function BannerSlider() {
  // The server renders the first-paint look; the browser swaps in the slider once the page is hydrated.
  const hydrated = useHydrated();
  const first = (
    <div className="grid rounded-box bg-accent text-accent-content">
      {SLIDES.map((slide, index) => (
        <div key={slide.title} className={`[grid-area:1/1] ${index > 0 ? 'invisible' : ''}`}>
          <BannerSlide slide={slide} index={index} />
        </div>
      ))}
    </div>
  );
  return (
    <section aria-label="Offers" className="mx-auto max-w-7xl px-4 pt-6">
      <Suspense fallback={first}>{hydrated ? <BannerSwiper /> : first}</Suspense>
    </section>
  );
}

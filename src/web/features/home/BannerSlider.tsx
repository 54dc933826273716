import { lazy, Suspense } from 'react';
import { BannerSlide, SLIDES } from './banner-slides.tsx';

// The slider code loads after the first paint; until then the first banner shows as it will in the slider.
const BannerSwiper = lazy(() => import('./BannerSwiper.tsx'));

/** The two home banners. */
export function BannerSlider() {
  return (
    <section aria-label="Offers" className="mx-auto max-w-7xl px-4 pt-6">
      <Suspense
        fallback={
          <div className="rounded-box bg-accent text-accent-content">
            <BannerSlide slide={SLIDES[0]} index={0} />
          </div>
        }
      >
        <BannerSwiper />
      </Suspense>
    </section>
  );
}

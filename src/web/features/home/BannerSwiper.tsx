import type { CSSProperties } from 'react';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { BannerSlide, SLIDES } from './banner-slides.tsx';

/**
 * The dots are 24 px touch targets (the size of the box Swiper clicks) drawn as small dots: each box's background
 * is a dot in its middle.
 */
const DOTS = {
  '--swiper-theme-color': '#1f7a52',
  '--swiper-navigation-size': '28px',
  '--swiper-pagination-bullet-size': '24px',
  '--swiper-pagination-bullet-horizontal-gap': '2px',
  '--swiper-pagination-bottom': '6px',
  '--swiper-pagination-bullet-inactive-color': 'radial-gradient(circle, #253d4e 0 4px, transparent 5px)',
  '--swiper-pagination-bullet-inactive-opacity': '0.75',
  '--swiper-pagination-color': 'radial-gradient(circle, #1f7a52 0 6px, transparent 7px)',
} as CSSProperties;

/** The sliding banners: autoplay every 2 s (continuing after a click or swipe), dots and arrows. */
export default function BannerSwiper() {
  return (
    <Swiper
      modules={[Autoplay, Pagination, Navigation, A11y]}
      autoplay={{ delay: 2000, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      navigation
      loop
      className="rounded-box bg-accent text-accent-content"
      style={DOTS}
    >
      {SLIDES.map((slide, index) => (
        <SwiperSlide key={slide.title}>
          <BannerSlide slide={slide} index={index} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

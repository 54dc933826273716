import type { CSSProperties } from 'react';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { BannerSlide, SLIDES } from './banner-slides.tsx';

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
      style={{ '--swiper-theme-color': '#1f7a52', '--swiper-navigation-size': '28px' } as CSSProperties}
    >
      {SLIDES.map((slide, index) => (
        <SwiperSlide key={slide.title}>
          <BannerSlide slide={slide} index={index} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

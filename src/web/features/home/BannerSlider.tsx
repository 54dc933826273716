import cart from '@lobehub/fluent-emoji-3d/assets/1f6d2.webp';
import leafyGreens from '@lobehub/fluent-emoji-3d/assets/1f96c.webp';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { paths } from '../../paths.ts';

const SLIDES = [
  {
    title: 'Fresh Vegetables Big Discount',
    text: 'Save up to 50% off on your first order',
    picture: leafyGreens,
    link: '/vegetableProducts',
    action: 'Shop vegetables',
  },
  {
    title: "Don't miss amazing grocery deals",
    text: 'Sign up for the daily newsletter',
    picture: cart,
    link: paths.shopList,
    action: 'Browse the shops',
  },
] as const;

/** The two home banners: autoplay every 2 s (continuing after a click or swipe), dots and arrows. */
export function BannerSlider() {
  return (
    <section aria-label="Offers" className="mx-auto max-w-7xl px-4 pt-6">
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
            <div className="flex items-center justify-between gap-6 px-12 pt-10 pb-14 md:px-20 md:pt-16 md:pb-20">
              <div className="max-w-xl">
                {index === 0 ? (
                  <h1 className="text-3xl font-bold md:text-5xl">{slide.title}</h1>
                ) : (
                  <h2 className="text-3xl font-bold md:text-5xl">{slide.title}</h2>
                )}
                <p className="mt-4 text-lg">{slide.text}</p>
                <Link to={slide.link} className="btn btn-primary mt-6">
                  {slide.action}
                </Link>
              </div>
              <img
                src={slide.picture}
                alt=""
                width="256"
                height="256"
                fetchPriority={index === 0 ? 'high' : 'low'}
                className="hidden size-48 md:block lg:size-64"
              />
            </div>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}

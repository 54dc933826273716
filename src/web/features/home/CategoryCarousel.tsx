import beverage from '@lobehub/fluent-emoji-3d/assets/1f9c3.webp';
import fruit from '@lobehub/fluent-emoji-3d/assets/1f34e.webp';
import milk from '@lobehub/fluent-emoji-3d/assets/1f95b.webp';
import sweet from '@lobehub/fluent-emoji-3d/assets/1f370.webp';
import vegetable from '@lobehub/fluent-emoji-3d/assets/1f966.webp';
import snacks from '@lobehub/fluent-emoji-3d/assets/1f968.webp';
import { Link } from 'react-router';
import { A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { FEATURED_CATEGORY_ROUTES } from '#contract/categories.ts';

const PICTURES: Record<string, string> = { milk, vegetable, beverage, fruit, sweet, snacks };
const COLORS = ['bg-lime-50', 'bg-emerald-50', 'bg-sky-50', 'bg-rose-50', 'bg-amber-50', 'bg-orange-50'];

/** 'Browse All Category': six fixed cards to the category pages; 2 per view on narrow screens, 6 on wide. */
export function CategoryCarousel() {
  return (
    <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 pt-10">
      <h2 id="home-categories" className="mb-4 text-2xl font-bold">
        Browse All Category
      </h2>
      <Swiper
        modules={[A11y]}
        slidesPerView={2}
        spaceBetween={10}
        breakpoints={{
          480: { slidesPerView: 3, spaceBetween: 20 },
          768: { slidesPerView: 4, spaceBetween: 30 },
          1024: { slidesPerView: 6, spaceBetween: 40 },
          1280: { slidesPerView: 6, spaceBetween: 50 },
        }}
      >
        {FEATURED_CATEGORY_ROUTES.map((category, index) => (
          <SwiperSlide key={category.path}>
            <Link
              to={category.path}
              className={`flex flex-col items-center gap-2 rounded-box border border-base-300 p-4 text-center font-semibold transition hover:border-primary hover:shadow ${COLORS[index]}`}
            >
              <img src={PICTURES[category.category]} alt="" width="96" height="96" loading="lazy" className="size-20" />
              {category.title}
            </Link>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}

import { A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { CATEGORY_CARDS, CategoryCard } from './category-cards.tsx';

/** Six fixed cards; 2 per view on narrow screens, 6 on wide, gaps from 10 to 50 px. */
export default function CategorySwiper() {
  return (
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
      {CATEGORY_CARDS.map((category, index) => (
        <SwiperSlide key={category.path}>
          <CategoryCard index={index} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

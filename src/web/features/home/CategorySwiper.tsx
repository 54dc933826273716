import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { CATEGORY_CARDS, CategoryCard } from './category-cards.tsx';

const arrowClass = 'btn btn-circle btn-sm absolute top-1/2 z-10 -translate-y-1/2 border-base-300 bg-base-100 shadow';

/**
 * The twelve category cards: below 1024 px a part of the next card peeks out; round arrows (32 px) scroll the row.
 * CategoryCarousel's first-paint row uses the same widths and gaps.
 */
export default function CategorySwiper() {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const track = (s: SwiperInstance) => setEdges({ start: s.isBeginning, end: s.isEnd });
  return (
    <div className="relative">
      <Swiper
        modules={[A11y]}
        slidesPerView={2.3}
        spaceBetween={10}
        breakpoints={{
          480: { slidesPerView: 3.3, spaceBetween: 20 },
          768: { slidesPerView: 4.3, spaceBetween: 30 },
          1024: { slidesPerView: 6, spaceBetween: 40 },
          1280: { slidesPerView: 6, spaceBetween: 50 },
        }}
        onSwiper={(s) => {
          setSwiper(s);
          track(s);
        }}
        onSlideChange={track}
        onResize={track}
      >
        {CATEGORY_CARDS.map((category, index) => (
          <SwiperSlide key={category.path} className="h-auto!">
            <CategoryCard index={index} />
          </SwiperSlide>
        ))}
      </Swiper>
      <button
        type="button"
        className={`${arrowClass} -left-3`}
        aria-label="Previous categories"
        disabled={edges.start}
        onClick={() => swiper?.slidePrev()}
      >
        <ChevronLeft size={20} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={`${arrowClass} -right-3`}
        aria-label="Next categories"
        disabled={edges.end}
        onClick={() => swiper?.slideNext()}
      >
        <ChevronRight size={20} aria-hidden="true" />
      </button>
    </div>
  );
}

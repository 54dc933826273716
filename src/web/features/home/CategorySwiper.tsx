import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { CATEGORY_CARDS, CategoryCard } from './category-cards.tsx';

/** A round 32 px arrow over one edge of the row. */
function Arrow({
  icon: Icon,
  label,
  side,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  side: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn btn-circle btn-sm absolute top-1/2 z-10 -translate-y-1/2 border-base-300 bg-base-100 shadow ${side}`}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon size={20} aria-hidden="true" />
    </button>
  );
}

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
      <Arrow
        icon={ChevronLeft}
        label="Previous categories"
        side="-left-3"
        disabled={edges.start}
        onClick={() => swiper?.slidePrev()}
      />
      <Arrow
        icon={ChevronRight}
        label="Next categories"
        side="-right-3"
        disabled={edges.end}
        onClick={() => swiper?.slideNext()}
      />
    </div>
  );
}

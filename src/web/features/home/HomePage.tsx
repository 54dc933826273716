import { BannerSlider } from './BannerSlider.tsx';
import { CategoryCarousel } from './CategoryCarousel.tsx';
import { DealsOfTheDay } from './DealsOfTheDay.tsx';
import { PopularProducts } from './PopularProducts.tsx';
import { ValueCards } from './ValueCards.tsx';

export function HomePage() {
  return (
    <div className="pb-4">
      <BannerSlider />
      <CategoryCarousel />
      <ValueCards />
      <PopularProducts />
      <DealsOfTheDay />
    </div>
  );
}

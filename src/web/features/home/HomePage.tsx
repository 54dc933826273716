import { SearchBox } from '../../layout/SearchBox.tsx';
import { PageMeta } from '../../ui/PageMeta.tsx';
import { BannerSlider } from './BannerSlider.tsx';
import { CategoryCarousel } from './CategoryCarousel.tsx';
import { DealsOfTheDay } from './DealsOfTheDay.tsx';
import { LastChance } from './LastChance.tsx';
import { PopularProducts } from './PopularProducts.tsx';
import { ValueCards } from './ValueCards.tsx';

export function HomePage() {
  return (
    <div className="pb-4">
      <PageMeta
        description="Farmstall: a grocery store for local food. Fresh produce, dairy, bakery and more from local shops."
        canonical="/"
      />
      {/* The navbar's search box shows from medium widths; phones get it here. */}
      <div className="px-4 pt-4 md:hidden">
        <SearchBox className="flex" />
      </div>
      <BannerSlider />
      <CategoryCarousel />
      <ValueCards />
      <LastChance />
      <PopularProducts />
      <DealsOfTheDay />
    </div>
  );
}

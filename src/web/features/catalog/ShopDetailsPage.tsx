import { Globe, MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { totalLabel } from '#contract/listing-count.ts';
import { storyParagraphs } from '#contract/shop-story.ts';
import type { ShopPage } from '#contract/shops.ts';
import { FavouriteButton } from '../../favourites/FavouriteButton.tsx';
import { PlaceControl } from '../../layout/PlaceControl.tsx';
import { paths } from '../../paths.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { PageMeta } from '../../ui/PageMeta.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { PremiumBadge } from '../../ui/PremiumBadge.tsx';
import { NO_SHOP_PICTURE } from '../../ui/Thumb.tsx';
import { useUrlFilters } from './FilterPanel.tsx';
import { GonePanel } from './GonePanel.tsx';
import { useShop } from './get-shop.ts';
import { useShopPlans } from './get-shop-plans.ts';
import { useProductPages } from './list-products.ts';
import { FilteredProductPages } from './ProductPages.tsx';
import { ShopHandover } from './ShopHandover.tsx';
import { ShopPlans } from './ShopPlans.tsx';
import { type PriceSort, SortSelect } from './SortSelect.tsx';

/** The vendor's web links, opened in a new tab and not vouched for (nofollow). */
function ShopLinks({ shop }: { shop: ShopPage }) {
  const links = [
    { href: shop.website, label: 'Website' },
    { href: shop.instagram, label: 'Instagram' },
    { href: shop.facebook, label: 'Facebook' },
  ].filter((link): link is { href: string; label: string } => link.href !== null);
  if (links.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1" aria-label={`${shop.shop} on the web`}>
      {links.map((link) => (
        <li key={link.label}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="link flex items-center gap-1"
          >
            <Globe size={16} aria-hidden="true" /> {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A shop's header (picture, name, premium badge, since year, address, phone, links), its story, how it hands over
 * orders, and its products.
 */
export function ShopDetailsPage() {
  const { id = '' } = useParams();
  const shop = useShop(id);
  const plans = useShopPlans(id);
  const [sort, setSort] = useState<PriceSort>('popular');
  const [filters] = useUrlFilters();
  const products = useProductPages({ shop: id, sort, ...filters }, shop.isSuccess);

  if (shop.isPending) return <PageLoader label="Loading the shop" />;
  if (shop.isError) {
    return (
      <>
        <PageMeta title="Shop not found" />
        <GonePanel
          error={shop.error}
          gone={{ title: 'Shop not found', text: null }}
          to={paths.shopList}
          link="See all shops"
          onRetry={() => shop.refetch()}
        />
      </>
    );
  }
  const s = shop.data;
  const first = products.data?.pages[0];
  const total = first?.total;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <section className="flex flex-col gap-6 rounded-box bg-accent p-6 text-accent-content md:flex-row md:items-center">
        <Picture
          src={s.image || NO_SHOP_PICTURE}
          alt={`${s.shop} shop`}
          width={128}
          height={128}
          sizes="112px"
          priority
          className="size-28 rounded-box bg-base-100 object-contain p-2"
        />
        <div className="min-w-0 flex-1">
          <PageMeta
            title={s.shop}
            description={`${s.shop}${s.address ? `, ${s.address}` : ''}: local food sold on Farmstall.`}
            canonical={paths.shopDetails(id)}
          />
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-3xl font-bold">{s.shop}</h1>
            <FavouriteButton shop={s} className="shrink-0" />
          </div>
          {s.membership === 'premium' ? <PremiumBadge className="mt-1" /> : null}
          {s.sinceYear ? <p>Since {s.sinceYear}</p> : null}
          {s.address ? (
            <p className="mt-2 flex gap-1">
              <MapPin size={18} aria-hidden="true" className="mt-0.5 shrink-0" /> {s.address}
            </p>
          ) : null}
          {s.phone ? (
            <p className="flex gap-1">
              <Phone size={18} aria-hidden="true" className="mt-0.5 shrink-0" /> {s.phone}
            </p>
          ) : null}
          <ShopLinks shop={s} />
        </div>
      </section>
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        {s.story ? (
          <section aria-labelledby="story" className="max-w-prose">
            <h2 id="story" className="text-2xl font-bold">
              Our story
            </h2>
            {storyParagraphs(s.story).map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id; the story is replaced as a whole
              <p key={i} className="mt-3 whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </section>
        ) : (
          <div className="hidden lg:block" />
        )}
        <ShopHandover handover={s.handover} />
      </div>
      <ShopPlans plans={plans.data} />
      <div className="my-6 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold">
          Products{total !== undefined && total !== null ? ` (${totalLabel(total, first?.totalCapped)})` : ''}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <PlaceControl />
          <SortSelect value={sort} onChange={setSort} />
        </div>
      </div>
      <FilteredProductPages
        query={products}
        filters={filters}
        label={`${s.shop} products`}
        shopBadges={false}
        empty={<p className="rounded-box bg-base-200 p-6">This shop has no products on sale right now.</p>}
      />
    </div>
  );
}

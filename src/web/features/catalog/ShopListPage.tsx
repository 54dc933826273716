import { MapPin, Navigation, Phone } from 'lucide-react';
import { useDeferredValue, useRef, useState } from 'react';
import { Link } from 'react-router';
import { distanceAwayText } from '#contract/distance-format.ts';
import { PlaceControl } from '../../layout/PlaceControl.tsx';
import { paths } from '../../paths.ts';
import { useDistanceUnit } from '../../ui/distance-unit.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { PageMeta } from '../../ui/PageMeta.tsx';
import { PremiumBadge } from '../../ui/PremiumBadge.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { ShopThumb } from '../../ui/Thumb.tsx';
import { useTypedBeforeHydration } from '../../ui/use-typed-before-hydration.ts';
import { useShops } from './list-shops.ts';

/**
 * Every vendor's shop, with a search box that filters by name or address as you type; once the shopper sets a place
 * (a ZIP code or their location), nearest first with how far each is.
 */
export function ShopListPage() {
  const [text, setText] = useState('');
  const box = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(box, text, setText);
  const q = useDeferredValue(text.trim());
  const shops = useShops(q);
  const unit = useDistanceUnit();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <PageMeta
            title="Our shops"
            description="Local farms, dairies and bakeries selling on Farmstall."
            canonical="/shopList"
          />
          <h1 className="text-3xl font-bold md:text-4xl">Our shops</h1>
          <p className="mt-1">Local farms, dairies and bakeries selling on Farmstall.</p>
        </div>
        <div className="flex flex-col gap-2 md:items-end">
          <PlaceControl />
          <SearchField
            label="Search shops"
            placeholder="Search shops by name or address"
            value={text}
            onChange={setText}
            className="w-full md:w-80"
            inputRef={box}
          />
        </div>
      </div>
      <div className="mt-6">
        {shops.isPending ? (
          <PageLoader label="Loading shops" />
        ) : shops.isError ? (
          <LoadError error={shops.error} onRetry={() => shops.refetch()} />
        ) : shops.data.length === 0 ? (
          <p className="rounded-box bg-base-200 p-6" role="status">
            No shop matches “{q}”. Try another name or town.
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Shops">
            {shops.data.map((shop) => (
              <li key={shop._id} className="card border border-base-300 bg-base-100">
                <div className="card-body flex-row items-start gap-4">
                  <ShopThumb image={shop.image} size={80} sizeClass="size-20" />
                  <div className="min-w-0 flex-1">
                    <h2 className="card-title text-lg">{shop.shop}</h2>
                    {shop.membership === 'premium' ? <PremiumBadge /> : null}
                    {shop.sinceYear ? <p className="text-sm text-base-content/70">Since {shop.sinceYear}</p> : null}
                    {shop.distanceKm !== undefined ? (
                      <p className="mt-1 flex gap-1 text-sm font-semibold">
                        <Navigation size={16} className="mt-0.5 shrink-0 text-primary" aria-hidden="true" />
                        {distanceAwayText(shop.distanceKm, unit)}
                      </p>
                    ) : null}
                    {shop.address ? (
                      <p className="mt-2 flex gap-1 text-sm">
                        <MapPin size={16} className="mt-0.5 shrink-0 text-primary" aria-hidden="true" /> {shop.address}
                      </p>
                    ) : null}
                    {shop.phone ? (
                      <p className="flex gap-1 text-sm">
                        <Phone size={16} className="mt-0.5 shrink-0 text-primary" aria-hidden="true" /> {shop.phone}
                      </p>
                    ) : null}
                    <Link
                      to={paths.shopDetails(shop._id)}
                      className="btn btn-sm btn-primary mt-3"
                      aria-label={`Visit Store: ${shop.shop}`}
                    >
                      Visit Store
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

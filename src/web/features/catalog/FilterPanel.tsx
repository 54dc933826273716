import { SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { distanceText } from '#contract/distance-format.ts';
import { capitalized } from '#contract/food-fact-names.ts';
import { formatDollars } from '#contract/money.ts';
import type { ProductFacets } from '#contract/products.ts';
import { useDistanceUnit } from '../../ui/distance-unit.ts';
import { CheckOption } from './CheckOption.tsx';
import { activeFilterCount, filtersFromSearch, type ListingFilters, searchWithFilters } from './listing-filters.ts';

/** A page's filters, read from and written to its URL: each change is a history entry (Back undoes it). */
export function useUrlFilters(): [ListingFilters, (next: ListingFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  return [filters, (next) => setParams((current) => searchWithFilters(current, next), { preventScrollReset: true })];
}

/**
 * The filters as chosen: those of the page being loaded while its route loader runs (a checkbox shows its click
 * at once), else the URL's.
 */
function useChosenFilters(): [ListingFilters, (next: ListingFilters) => void] {
  const [filters, setFilters] = useUrlFilters();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  return [
    pending?.pathname === pathname ? filtersFromSearch(new URLSearchParams(pending.search)) : filters,
    setFilters,
  ];
}

/**
 * One facet's group of checkboxes (dietary labels, allergens left out), each option with its count: how many
 * products stay with it checked.
 */
function FacetGroup({
  legend,
  facet,
  facets,
  filters,
  onChange,
}: {
  legend: string;
  facet: 'labels' | 'freeFrom';
  facets: ProductFacets;
  filters: ListingFilters;
  onChange: (next: ListingFilters) => void;
}) {
  const options: { value: string; count: number }[] = facets[facet];
  const chosen: readonly string[] = filters[facet] ?? [];
  const onToggle = (value: string, on: boolean) =>
    onChange({ ...filters, [facet]: on ? [...chosen, value] : chosen.filter((v) => v !== value) });
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">{legend}</legend>
      <ul className="grid gap-1">
        {options.map(({ value, count }) => {
          const on = chosen.includes(value);
          return (
            <li key={value}>
              <CheckOption
                checked={on}
                disabled={!on && count === 0}
                onChange={(e) => onToggle(value, e.target.checked)}
              >
                <span className="min-w-0">
                  {capitalized(value)} <span className="text-base-content/70">({count})</span>
                </span>
              </CheckOption>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * One end of the price range (`min` or `max`): an amount in dollars, the listing's own end of the range as its
 * placeholder, described by the range's hint (`${formId}-hint`).
 */
function PriceBound({
  formId,
  end,
  label,
  filters,
  range,
}: {
  formId: string;
  end: 'min' | 'max';
  label: string;
  filters: ListingFilters;
  range: ProductFacets['price'];
}) {
  const id = `${formId}-${end}`;
  return (
    <label className="min-w-0 flex-1 text-sm" htmlFor={id}>
      {label}
      <input
        id={id}
        name={`${end}Price`}
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        className="input input-sm w-full"
        defaultValue={filters[`${end}Price`]}
        placeholder={range ? String(range[end]) : undefined}
        aria-describedby={`${formId}-hint`}
      />
    </label>
  );
}

/** The price range: two amounts in dollars, applied together. */
function PriceRange({
  filters,
  range,
  onApply,
}: {
  filters: ListingFilters;
  range: ProductFacets['price'];
  onApply: (min?: number, max?: number) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (key: string) => {
      const text = String(form.get(key) ?? '').trim();
      return text === '' ? undefined : Number(text);
    };
    const min = read('minPrice');
    const max = read('maxPrice');
    if ([min, max].some((v) => v !== undefined && (!Number.isFinite(v) || v < 0))) {
      setError('Enter prices of $0 or more');
    } else if (min !== undefined && max !== undefined && min > max) {
      setError('The lowest price cannot be above the highest');
    } else {
      setError(null);
      onApply(min, max);
    }
  };
  return (
    <form onSubmit={submit} noValidate key={`${filters.minPrice}-${filters.maxPrice}`}>
      <fieldset className="fieldset">
        <legend className="fieldset-legend">Price ($)</legend>
        <div className="flex items-end gap-2">
          <PriceBound formId={id} end="min" label="Min" filters={filters} range={range} />
          <PriceBound formId={id} end="max" label="Max" filters={filters} range={range} />
          <button type="submit" className="btn btn-sm btn-primary">
            Go
          </button>
        </div>
        <p id={`${id}-hint`} className="text-sm text-base-content/80">
          {range ? `Prices here: ${formatDollars(range.min)} – ${formatDollars(range.max)}` : null}
        </p>
        {error ? (
          <p className="text-sm text-error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}

/**
 * The maximum distance (with the shopper's place): any, or one of the radii with how many products each leaves,
 * round miles (`mi`) or km as the facet counted them.
 */
function DistanceChoice({
  radii,
  filters,
  onChoose,
}: {
  radii: NonNullable<ProductFacets['distance']>;
  filters: ListingFilters;
  onChoose: (distance: Pick<ListingFilters, 'maxKm' | 'maxMi'>) => void;
}) {
  const name = useId();
  const unit = useDistanceUnit();
  const chosen = (radius?: Radius) =>
    radius === undefined
      ? filters.maxKm === undefined && filters.maxMi === undefined
      : radius.mi === undefined
        ? filters.maxKm === radius.km
        : filters.maxMi === radius.mi;
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">Distance</legend>
      <ul className="grid gap-1">
        {[undefined, ...radii].map((radius) => (
          <li key={radius?.km ?? 'any'}>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={name}
                className="radio radio-sm radio-primary"
                checked={chosen(radius)}
                disabled={radius?.count === 0 && !chosen(radius)}
                onChange={() =>
                  onChoose(
                    radius?.mi === undefined
                      ? { maxKm: radius?.km, maxMi: undefined }
                      : { maxKm: undefined, maxMi: radius.mi },
                  )
                }
              />
              {radius === undefined ? (
                'Any distance'
              ) : (
                <span>
                  Within {radius.mi === undefined ? distanceText(radius.km, unit) : `${radius.mi} mi`}{' '}
                  <span className="text-base-content/70">({radius.count})</span>
                </span>
              )}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

type Radius = NonNullable<ProductFacets['distance']>[number];

/**
 * Labels, "free from" allergens and a price range with how many products each option leaves, beside a listing
 * (a panel a button opens on phones). The choices live in the URL, so a filtered page can be shared.
 */
export function FilterPanel({ facets }: { facets: ProductFacets | null | undefined }) {
  const [filters, setFilters] = useChosenFilters();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(filters);
  return (
    <div className="min-w-0">
      <button
        type="button"
        className="btn btn-sm btn-outline btn-primary md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontal size={16} aria-hidden="true" /> Filters{active ? ` (${active})` : ''}
      </button>
      <section
        id={panelId}
        aria-label="Filters"
        className={`${open ? 'block' : 'hidden'} mt-3 rounded-box border border-base-300 p-4 md:mt-0 md:block`}
      >
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-bold">Filters</h2>
          {active ? (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setFilters({})}>
              <X size={14} aria-hidden="true" /> Clear all
            </button>
          ) : null}
        </div>
        {facets ? (
          <>
            <FacetGroup legend="Labels" facet="labels" facets={facets} filters={filters} onChange={setFilters} />
            <FacetGroup legend="Free from" facet="freeFrom" facets={facets} filters={filters} onChange={setFilters} />
            <PriceRange
              filters={filters}
              range={facets.price}
              onApply={(minPrice, maxPrice) => setFilters({ ...filters, minPrice, maxPrice })}
            />
            {facets.distance ? (
              <DistanceChoice
                radii={facets.distance}
                filters={filters}
                onChoose={(distance) => setFilters({ ...filters, ...distance })}
              />
            ) : null}
          </>
        ) : (
          <p className="py-2 text-sm" role="status">
            Counting…
          </p>
        )}
      </section>
    </div>
  );
}

import { ALLERGENS, type Allergen, LABELS, type Label } from '#contract/food-fact-names.ts';
import { DISTANCE_RADII, DISTANCE_RADII_MI } from '#contract/place-labels.ts';

/**
 * A listing's filters as its page's URL holds them (`?labels=vegan&freeFrom=milk&minPrice=2&maxPrice=10&maxKm=25`;
 * maxKm, or maxMi where the marketplace writes miles, counts only where the shopper's place is known).
 */
export type ListingFilters = {
  labels?: Label[];
  freeFrom?: Allergen[];
  minPrice?: number;
  maxPrice?: number;
  maxKm?: number;
  maxMi?: number;
};

const names = <T extends string>(list: readonly T[], text: string | null): T[] | undefined => {
  const chosen = list.filter((name) => (text ?? '').split(',').includes(name));
  return chosen.length ? chosen : undefined;
};
const price = (text: string | null): number | undefined => {
  const value = text === null || text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
};

/**
 * The filters of a page's URL; what the API would refuse (an unknown name, a reversed range) is left out, so a
 * hand-edited link still shows a page.
 */
export function filtersFromSearch(search: URLSearchParams): ListingFilters {
  const filters: ListingFilters = {
    labels: names(LABELS, search.get('labels')),
    freeFrom: names(ALLERGENS, search.get('freeFrom')),
    minPrice: price(search.get('minPrice')),
    maxPrice: price(search.get('maxPrice')),
    maxKm: DISTANCE_RADII.find((km) => String(km) === search.get('maxKm')),
    maxMi: DISTANCE_RADII_MI.find((mi) => String(mi) === search.get('maxMi')),
  };
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.minPrice > filters.maxPrice) {
    filters.maxPrice = undefined;
  }
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as ListingFilters;
}

/** The URL's search with `filters` in place of its filters (other parameters, such as `q`, kept). */
export function searchWithFilters(search: URLSearchParams, filters: ListingFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ['labels', 'freeFrom', 'minPrice', 'maxPrice', 'maxKm', 'maxMi']) next.delete(key);
  if (filters.labels?.length) next.set('labels', filters.labels.join(','));
  if (filters.freeFrom?.length) next.set('freeFrom', filters.freeFrom.join(','));
  if (filters.minPrice !== undefined) next.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) next.set('maxPrice', String(filters.maxPrice));
  if (filters.maxKm !== undefined) next.set('maxKm', String(filters.maxKm));
  if (filters.maxMi !== undefined) next.set('maxMi', String(filters.maxMi));
  return next;
}

/** How many filters are on ("Filters (2)"). */
export const activeFilterCount = (f: ListingFilters) =>
  (f.labels?.length ?? 0) +
  (f.freeFrom?.length ?? 0) +
  (f.minPrice !== undefined || f.maxPrice !== undefined ? 1 : 0) +
  (f.maxKm !== undefined || f.maxMi !== undefined ? 1 : 0);

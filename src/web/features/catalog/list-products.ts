import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CategoryValue } from '#contract/categories.ts';
import type { ProductSort } from '#contract/products.ts';
import { call } from '../../api/client.ts';
import { useDistanceUnit } from '../../ui/distance-unit.ts';
import { placeParams, useShopperPlace } from '../../ui/shopper-place.ts';
import type { ListingFilters } from './listing-filters.ts';

export type ProductFilters = ListingFilters & {
  category?: CategoryValue;
  shop?: string;
  q?: string;
  sort?: ProductSort;
  /** The shopper's place (placeParams): each product then has its distanceKm. */
  near?: string;
  lat?: number;
  lng?: number;
  /** The radii the distance facet counts: round miles (mi) or km (left out). */
  distanceUnit?: 'mi';
};

export function listProducts(filters: ProductFilters, cursor: string | undefined) {
  const { labels, freeFrom, minPrice, maxPrice, ...rest } = filters;
  return call('GET /products', {
    query: {
      ...rest,
      labels: labels?.join(','),
      freeFrom: freeFrom?.join(','),
      minPrice: minPrice === undefined ? undefined : String(minPrice),
      maxPrice: maxPrice === undefined ? undefined : String(maxPrice),
      cursor,
      limit: 20,
    },
  });
}

/** The paging of a "load more" list: the first page has no cursor, each page names the next one (or none). */
export const nextCursor = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
};

export const productPagesQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: ['products', 'list', filters],
    queryFn: ({ pageParam }) => listProducts(filters, pageParam),
    // A change of filters keeps the last page (and its counts) on screen until the new one comes.
    placeholderData: keepPreviousData,
    ...nextCursor,
  });

/**
 * Pages of offered products, with their distances from the shopper's place when it is known (nearest first falls back
 * to most popular without one); `fetchNextPage` follows the keyset cursor ("load more").
 */
export function useProductPages(filters: ProductFilters, enabled = true) {
  const place = useShopperPlace();
  const unit = useDistanceUnit(place !== null);
  const sort = filters.sort === 'nearest' && !place ? 'popular' : filters.sort;
  // The radii are the marketplace unit's: the other unit's maximum (a link from before a change) is left out.
  const distance =
    place && unit === 'mi'
      ? { maxKm: undefined, maxMi: filters.maxMi, distanceUnit: unit }
      : { maxKm: place ? filters.maxKm : undefined, maxMi: undefined };
  return useInfiniteQuery({ ...productPagesQuery({ ...filters, sort, ...distance, ...placeParams(place) }), enabled });
}

import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { KM_PER_MILE } from '#contract/distance-format.ts';
import { ALLERGENS, type Allergen, LABELS, type Label, maskOf } from '#contract/food-facts.ts';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import { DISTANCE_RADII, DISTANCE_RADII_MI } from '#contract/places.ts';
import type { ProductFacets } from '#contract/products.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import { literal } from './search-ranking.ts';

/** A listing's filters as a request gives them: labels all present, allergens all absent, a price range (dollars). */
export type ListingFilters = { labels?: Label[]; freeFrom?: Allergen[]; minPrice?: number; maxPrice?: number };

/** The filters as the statement takes them: bitmasks (0: no filter) and cents. */
export type FilterValues = { labels: number; freeFrom: number; minCents?: number; maxCents?: number };

export function filterValues(filters: ListingFilters): FilterValues {
  return {
    labels: maskOf(LABELS, filters.labels ?? []),
    freeFrom: maskOf(ALLERGENS, filters.freeFrom ?? []),
    minCents: filters.minPrice === undefined ? undefined : dollarsToCents(filters.minPrice),
    maxCents: filters.maxPrice === undefined ? undefined : dollarsToCents(filters.maxPrice),
  };
}

type Value = number | Placeholder;

/**
 * The label and allergen filters on product p (values or placeholders; none when not given): every label's bit set,
 * every allergen's bit clear. Read from the facets indexes' INCLUDE columns without the table.
 */
export function factsWhere(labels?: Value, freeFrom?: Value): SQL[] {
  const filters: SQL[] = [];
  if (labels !== undefined) filters.push(sql`p.labels & ${labels}::smallint = ${labels}::smallint`);
  if (freeFrom !== undefined) filters.push(sql`p.allergens & ${freeFrom}::smallint = 0`);
  return filters;
}

/** The price range on product p's listed price (cents), each bound when given. */
export function priceWhere(minCents?: Value, maxCents?: Value): SQL[] {
  const filters: SQL[] = [];
  if (minCents !== undefined) filters.push(sql`p.price_cents >= ${minCents}::int`);
  if (maxCents !== undefined) filters.push(sql`p.price_cents <= ${maxCents}::int`);
  return filters;
}

export const all = (filters: SQL[]) => (filters.length ? sql.join(filters, sql` AND `) : sql`true`);

/**
 * The shopper's place in the counts: `distanceKm` is the distance of product p (haversine), computed once per product
 * as `nearby.km`, counted against each of DISTANCE_RADII and against `maxKm` when given.
 */
export type NearbyFacet = { distanceKm: SQL; maxKm?: Value; unit?: 'mi' };

/** The distance facet's radii: km (DISTANCE_RADII), or round miles (DISTANCE_RADII_MI) given in km too. */
const radiiOf = (unit: 'mi' | undefined): { km: number; mi?: number }[] =>
  unit === 'mi' ? DISTANCE_RADII_MI.map((mi) => ({ km: mi * KM_PER_MILE, mi })) : DISTANCE_RADII.map((km) => ({ km }));

/**
 * One row: the counts of ProductFacets in one pass over the products `matching` (every filter but the price range and
 * the distance), as facet_counts (the labels', then the allergens' "free from"), the price range among them, and with
 * the shopper's place the distance counts (facet_distance_counts, one per radius). Each count is of the products also
 * `inPrice` and within the distance: a label's count is how many would stay with it added to the active filters, as
 * every filter narrows (AND); a radius's count is how many would stay with it as the maximum distance. On a category
 * or a shop this is an index-only scan of its facets index (which includes the origin's coordinates). facet_total
 * counts the page's own matches (in the price range, within the distance, and `placed`: nearest first lists only the
 * products whose place is known), so the page need not count them again.
 */
export function facetCounts(matching: SQL, inPrice: SQL, nearby?: NearbyFacet, placed: SQL = sql`true`): SQL {
  const within = nearby?.maxKm === undefined ? sql`true` : sql`nearby.km <= ${nearby.maxKm}::float8`;
  const counts = [
    ...LABELS.map(
      (_, i) => sql`count(*) FILTER (WHERE ${inPrice} AND ${within} AND p.labels & ${literal(1 << i)} <> 0)`,
    ),
    ...ALLERGENS.map(
      (_, i) => sql`count(*) FILTER (WHERE ${inPrice} AND ${within} AND p.allergens & ${literal(1 << i)} = 0)`,
    ),
  ];
  const distanceCounts = nearby
    ? sql`ARRAY[${sql.join(
        radiiOf(nearby.unit).map(({ km }) => sql`count(*) FILTER (WHERE ${inPrice} AND nearby.km <= ${literal(km)})`),
        sql`, `,
      )}]::int[]`
    : sql`NULL::int[]`;
  return sql`SELECT ARRAY[${sql.join(counts, sql`, `)}]::int[] AS facet_counts,
    min(p.price_cents) FILTER (WHERE ${within}) AS facet_min_cents,
    max(p.price_cents) FILTER (WHERE ${within}) AS facet_max_cents,
    count(*) FILTER (WHERE ${inPrice} AND ${within} AND ${placed})::int AS facet_total,
    ${distanceCounts} AS facet_distance_counts
    FROM products p ${nearby ? sql`CROSS JOIN LATERAL (SELECT ${nearby.distanceKm} AS km) AS nearby` : sql``}
    WHERE ${matching}`;
}

/** Where a first page without filters reads its counts: a category (its value) or a shop (its vendor id). */
export type FacetScope = { scope: 'category' | 'shop'; key: Value | string };

/**
 * The same row as facetCounts for every offered product of a category or a shop, no filter given, from the counts
 * kept per expiry day (product_facet_counts, migration 0040): the rows of the days not yet past, one per day, however
 * many products the scope holds (decision 033). A product is free from an allergen when its bit is clear.
 */
export function keptFacetCounts({ scope, key }: FacetScope): SQL {
  const total = sql`coalesce(sum(f.products), 0)`;
  const counts = [
    ...LABELS.map((_, i) => sql`coalesce(sum(f.with_label[${literal(i + 1)}]), 0)`),
    ...ALLERGENS.map((_, i) => sql`${total} - coalesce(sum(f.with_allergen[${literal(i + 1)}]), 0)`),
  ];
  return sql`SELECT ARRAY[${sql.join(counts, sql`, `)}]::int[] AS facet_counts,
    min(f.min_price_cents) FILTER (WHERE f.products > 0) AS facet_min_cents,
    max(f.max_price_cents) FILTER (WHERE f.products > 0) AS facet_max_cents,
    ${total}::int AS facet_total,
    NULL::int[] AS facet_distance_counts
    FROM product_facet_counts f
    WHERE f.scope = ${scope} AND f.scope_key = ${key}::text AND f.expires_on >= ${BUSINESS_TODAY}`;
}

/**
 * A page with its facets in the same statement: the facets' one row, then the page's rows beside it (one row of
 * nulls when the page is empty, so the counts still come back). `order` is the page's ORDER BY on alias p.
 */
export function withFacets(page: SQL, facets: SQL, order: SQL): SQL {
  return sql`SELECT p.*, f.* FROM (${facets}) f LEFT JOIN LATERAL (${page}) p ON true ORDER BY ${order}`;
}

export const facetColumns = {
  facet_counts: z.array(z.number()),
  facet_min_cents: z.number().nullable(),
  facet_max_cents: z.number().nullable(),
  facet_distance_counts: z.array(z.number()).nullable(),
  facet_total: z.number(),
};
const facetRow = z.object(facetColumns);

export function toFacets(row: Partial<z.infer<typeof facetRow>>, unit?: 'mi'): ProductFacets {
  const counts = row.facet_counts ?? [];
  return {
    labels: LABELS.map((value, i) => ({ value, count: counts[i] })),
    freeFrom: ALLERGENS.map((value, i) => ({ value, count: counts[LABELS.length + i] })),
    price:
      row.facet_min_cents == null || row.facet_max_cents == null
        ? null
        : { min: centsToDollars(row.facet_min_cents), max: centsToDollars(row.facet_max_cents) },
    ...(row.facet_distance_counts && {
      distance: radiiOf(unit).map((radius, i) => ({ ...radius, count: row.facet_distance_counts?.[i] ?? 0 })),
    }),
  };
}

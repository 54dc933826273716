import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import {
  type CardProduct,
  LISTING_COUNT_CAP,
  NEEDS_PLACE,
  type ProductFacets,
  type ProductSort,
} from '#contract/products.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { shopListed } from '../shops/index.ts';
import { type Cursor, decodeCursor, encodeCursor } from './cursor.ts';
import {
  all,
  type FacetScope,
  facetColumns,
  facetCounts,
  factsWhere,
  filterValues,
  keptFacetCounts,
  type ListingFilters,
  type NearbyFacet,
  priceWhere,
  toFacets,
  withFacets,
} from './facets.ts';
import { distanceKm, nearestKey, type Place, type PlaceSql, shownDistanceKm, withinKm } from './places.ts';
import { queryPrepared, queryShaped, type Shaped, shapedStatement } from './prepared.ts';
import { PRODUCT_COLUMNS, type ProductRow, productRow, SHOP_CARD_JOIN, toProductCard } from './product-rows.ts';
import type { SearchIndex } from './search-index.ts';
import { candidatesCapped, literal, relevancePage, searchCandidates, searchWords } from './search-ranking.ts';
import { type Spell, spellInSql } from './spelling.ts';

export type ListProductsParams = ListingFilters & {
  q?: string;
  category?: string;
  shopId?: string;
  sort?: ProductSort;
  cursor?: string;
  limit: number;
  /** Count the filters' options (ProductFacets) on a first page of a category, a shop or a search. */
  facets?: boolean;
  /** The shopper's place: products then carry distanceKm, and `nearest` and `maxKm` may be used. */
  from?: Place;
  /** Products whose origin is at most this many km from `from`. */
  maxKm?: number;
  /** The distance facet counts round miles (DISTANCE_RADII_MI) instead of km. */
  distanceUnit?: 'mi';
};

export type ProductPageResult = {
  items: CardProduct[];
  nextCursor: string | null;
  total: number | null;
  totalCapped?: true;
  facets?: ProductFacets | null;
};

const listedRow = productRow.extend({
  score: z.number().optional(),
  nearest_key: z.number().optional(),
  total: z.number().nullable(),
  capped: z.boolean().optional(),
});
type Row = ProductRow & { score?: number; nearest_key?: number };

/**
 * A page's rows, with the facets' columns on each when counted (and one row of nulls besides them when the page is
 * empty).
 */
const facetedRow = z.union([
  listedRow.extend(z.object(facetColumns).partial().shape),
  z.object({ id: z.null(), ...facetColumns }),
]);
type ListedRow = z.infer<typeof listedRow>;

/** Where a keyset page starts: the cursor's key and id (or placeholders for them). */
type After = Pick<Cursor, 'value' | 'id'> | { value: Placeholder; id: Placeholder };

/** Each sort: its ORDER BY, the keyset condition after a cursor, and the key of a row. */
type Order = { orderBy: SQL; after: (c: After) => SQL; key: (r: Row) => string | number };
type KeyedSort = Exclude<ProductSort, 'relevance'>;

const ORDERS: Record<Exclude<KeyedSort, 'nearest'>, Order> = {
  'price-asc': {
    orderBy: sql`p.price_cents ASC, p.id ASC`,
    after: (c) => sql`(p.price_cents, p.id) > (${c.value}, ${c.id}::uuid)`,
    key: (r) => r.price_cents,
  },
  'price-desc': {
    orderBy: sql`p.price_cents DESC, p.id DESC`,
    after: (c) => sql`(p.price_cents, p.id) < (${c.value}, ${c.id}::uuid)`,
    key: (r) => r.price_cents,
  },
  // Mixed directions (key descending, id ascending) match the indexes (popularity DESC NULLS LAST, id) and
  // (created_at DESC NULLS LAST, id) exactly (the columns are NOT NULL, so NULLS LAST changes nothing but lets
  // the planner walk the index); the `<=` bound lets the index scan start at the cursor.
  popular: {
    orderBy: sql`p.popularity DESC NULLS LAST, p.id ASC`,
    after: (c) => sql`p.popularity <= ${c.value} AND (p.popularity < ${c.value} OR p.id > ${c.id}::uuid)`,
    key: (r) => r.popularity,
  },
  newest: {
    orderBy: sql`p.created_at DESC NULLS LAST, p.id ASC`,
    after: (c) =>
      sql`p.created_at <= ${c.value}::timestamptz AND (p.created_at < ${c.value}::timestamptz OR p.id > ${c.id}::uuid)`,
    key: (r) => r.created_at_key,
  },
};

/**
 * Nearest first, from the shopper's place: the GiST index on the origins walks them nearest first (KNN, <->) and the
 * page stops at its LIMIT; the key is the distance in space, which orders as the great-circle distance does.
 */
function nearestOrder(from: PlaceSql): Order {
  const key = nearestKey(from);
  return {
    orderBy: sql`${key} ASC, p.id ASC`,
    after: (c) => sql`(${key}, p.id) > (${c.value}::float8, ${c.id}::uuid)`,
    key: (r) => r.nearest_key as number,
  };
}

const orderOf = (sort: KeyedSort, from: PlaceSql | undefined): Order =>
  sort === 'nearest' ? nearestOrder(from as PlaceSql) : ORDERS[sort];

/** The columns a listing adds when the request names the shopper's place: the distance, and nearest's key. */
function placeColumns(sort: ProductSort, from: PlaceSql | undefined): SQL {
  if (!from) return sql``;
  const key = sort === 'nearest' ? sql`, ${nearestKey(from)} AS nearest_key` : sql``;
  return sql`, ${shownDistanceKm(from)} AS distance_km ${key}`;
}

/**
 * What the shopper's place filters: products farther than maxKm are left out, and "nearest first" lists the
 * products whose place is known (those it can measure). `true` without either. In the whole catalog maxKm starts from
 * the origins' GiST index (its bounding box); in a category or a shop (`bounded`), the distance is checked on each
 * entry of the sort's index, which includes the origin (migration 0038), so a wide radius reads a page, not every
 * product in its box.
 */
function placeWhere(
  sort: ProductSort,
  from: PlaceSql | undefined,
  maxKm: number | Placeholder | undefined,
  bounded = false,
): SQL {
  if (from && maxKm !== undefined)
    return bounded ? sql`${distanceKm(from)} <= ${maxKm}::float8` : withinKm(from, maxKm);
  if (sort === 'nearest') return sql`p.origin_latitude IS NOT NULL`;
  return sql`true`;
}

/** The distance facet's part of the counts, with the shopper's place (see facetCounts). */
function nearbyFacet(
  from: PlaceSql | undefined,
  maxKm: number | Placeholder | undefined,
  unit: 'mi' | undefined,
): NearbyFacet | undefined {
  if (!from) return undefined;
  return { distanceKm: distanceKm(from), maxKm, unit };
}

/**
 * A page in one of the index-backed sorts. The page's ids come first, from the sort's index alone (its INCLUDE
 * columns answer the filters), and only those rows are read and joined to their shops: a filtered page reads a page,
 * not every match. The first page also counts the matches, up to one past LISTING_COUNT_CAP (an index walk bounded
 * however large the catalog grows; decision 014), unless `counted` (the filters' counts give the total).
 */
function sortedPage(
  sort: KeyedSort,
  where: SQL,
  cursor: After | undefined,
  fetch: number | SQL,
  extra: SQL = sql``,
  from?: PlaceSql,
  counted = false,
): SQL {
  const order = orderOf(sort, from);
  const total =
    cursor || counted
      ? sql`NULL::int`
      : sql`(SELECT count(*)::int FROM (SELECT FROM products p WHERE ${where} LIMIT ${LISTING_COUNT_CAP + 1}) counted)`;
  return sql`
    SELECT ${PRODUCT_COLUMNS}, ${total} AS total ${extra} ${placeColumns(sort, from)}
    FROM (SELECT p.id FROM products p WHERE ${cursor ? sql`${where} AND ${order.after(cursor)}` : where}
      ORDER BY ${order.orderBy} LIMIT ${fetch}) picked
    JOIN products p ON p.id = picked.id ${SHOP_CARD_JOIN}
    ORDER BY ${order.orderBy}
    LIMIT ${fetch}`;
}

/** The sort and cursor of a listing request, and whether its filters are counted. */
function listing(params: ListProductsParams) {
  const sort: ProductSort = params.sort ?? (params.q ? 'relevance' : 'popular');
  if (sort === 'relevance' && !params.q) {
    throw badRequest('Sorting by relevance needs a search text', { sort: 'Sorting by relevance needs a search text' });
  }
  if ((sort === 'nearest' || params.maxKm !== undefined) && !params.from) {
    throw badRequest(NEEDS_PLACE, { [sort === 'nearest' ? 'sort' : 'maxKm']: NEEDS_PLACE });
  }
  const cursor = params.cursor ? decodeCursor(params.cursor, sort) : undefined;
  // Counts only for a first page of a bounded set: a category, a shop or a search's candidates.
  const counted = Boolean(params.facets && !cursor && (params.category || params.shopId || params.q));
  return { sort, cursor, counted, fetch: params.limit + 1 };
}

/** A listing request's filters as conditions on product p: what it offers, its price range, the shopper's place. */
function listingWhere(params: ListProductsParams, sort: ProductSort) {
  const values = filterValues(params);
  const offered = sql.join(
    [
      offeredWhere(params.category, params.shopId),
      ...factsWhere(values.labels || undefined, values.freeFrom || undefined),
    ],
    sql` AND `,
  );
  const inPrice = all(priceWhere(values.minCents, values.maxCents));
  const nearby = placeWhere(sort, params.from, params.maxKm);
  return { offered, inPrice, nearby };
}

/** Offered products (listed, not expired, of a listed shop), of the category and the shop when given. */
function offeredWhere(category?: string | Placeholder, shopId?: string | Placeholder): SQL {
  const filters: SQL[] = [sql`p.listed`, sql`p.expires_on >= ${BUSINESS_TODAY}`, shopListed(sql`p.vendor_id`)];
  if (category) filters.push(sql`p.category = ${category}`);
  if (shopId) filters.push(sql`p.vendor_id = ${shopId}::uuid`);
  return sql.join(filters, sql` AND `);
}

/** The same filter on search_postings (alias sp), whose rows are those of listed products only. */
function postedWhere(category?: string, shopId?: string): SQL {
  const filters: SQL[] = [sql`sp.expires_on >= ${BUSINESS_TODAY}`, shopListed(sql`sp.vendor_id`)];
  if (category) filters.push(sql`sp.category = ${category}`);
  if (shopId) filters.push(sql`sp.vendor_id = ${shopId}::uuid`);
  return sql.join(filters, sql` AND `);
}

/**
 * Where a first page's counts are kept (decision 033): a category or a shop alone, no filter given. Any filter or the
 * shopper's place needs the products themselves counted (facetCounts).
 */
function keptScope(params: ListProductsParams, given: Record<string, boolean>): FacetScope | undefined {
  if (Object.values(given).some(Boolean)) return undefined;
  if (params.category && !params.shopId) return { scope: 'category', key: sql.placeholder('category') };
  if (params.shopId && !params.category) return { scope: 'shop', key: sql.placeholder('shop') };
  return undefined;
}

/** A listing page without search text: one statement text per sort, filters and cursor, built once. */
function shapedListing(
  params: ListProductsParams,
  sort: ProductSort,
  cursor: Cursor | undefined,
  counted: boolean,
): Shaped {
  const slot = sql.placeholder;
  const values = filterValues(params);
  const given = {
    labels: values.labels !== 0,
    freeFrom: values.freeFrom !== 0,
    min: values.minCents !== undefined,
    max: values.maxCents !== undefined,
    place: params.from !== undefined,
    maxKm: params.from !== undefined && params.maxKm !== undefined,
    mi: params.distanceUnit === 'mi',
  };
  const from = given.place ? { latitude: slot('lat'), longitude: slot('lng') } : undefined;
  const maxKm = given.maxKm ? slot('maxKm') : undefined;
  const shape = [
    'listing',
    sort,
    params.category ? 'category' : '',
    params.shopId ? 'shop' : '',
    cursor ? 'after' : '',
    ...Object.entries(given).map(([name, on]) => (on ? name : '')),
    counted ? 'facets' : '',
    `fetch${params.limit + 1}`,
  ].join(':');
  return {
    shape,
    build: () => {
      const offered = sql.join(
        [
          offeredWhere(params.category && slot('category'), params.shopId && slot('shop')),
          ...factsWhere(given.labels ? slot('labels') : undefined, given.freeFrom ? slot('freeFrom') : undefined),
        ],
        sql` AND `,
      );
      const inPrice = all(
        priceWhere(given.min ? slot('minCents') : undefined, given.max ? slot('maxCents') : undefined),
      );
      const page = sortedPage(
        sort as KeyedSort,
        sql`${offered} AND ${inPrice} AND ${placeWhere(sort, from, maxKm, Boolean(params.category || params.shopId))}`,
        cursor && { value: slot('after'), id: slot('afterId') },
        // Written into the text (a checked whole number, one shape each): with the LIMIT a parameter, PostgreSQL
        // planned the page again at every call, as its generic plan could not know how few rows it stops at.
        literal(params.limit + 1),
        sql``,
        from,
        counted,
      );
      if (!counted) return page;
      const placed = sort === 'nearest' ? sql`p.origin_latitude IS NOT NULL` : sql`true`;
      const kept = keptScope(params, given);
      const facets = kept
        ? keptFacetCounts(kept)
        : facetCounts(offered, inPrice, nearbyFacet(from, maxKm, params.distanceUnit), placed);
      return withFacets(page, facets, orderOf(sort as KeyedSort, from).orderBy);
    },
    values: {
      category: params.category,
      shop: params.shopId,
      after: cursor?.value,
      afterId: cursor?.id,
      ...values,
      lat: params.from?.latitude,
      lng: params.from?.longitude,
      maxKm: params.maxKm,
    },
  };
}

/** The one statement of a listing page without search text, as listProducts sends it. */
export function listingStatement(params: Omit<ListProductsParams, 'q'>): pg.QueryConfig {
  const { sort, cursor, counted } = listing(params);
  return shapedStatement(shapedListing(params, sort, cursor, counted));
}

/**
 * Uuids or numbers as PostgreSQL's array text ({a,b}), none of which needs quoting: what pg writes for an array
 * parameter, without its escaping of each element.
 */
const arrayText = (values: (string | number)[]) => `{${values.join(',')}}`;

/** Ids a first page's ranking keeps in order beyond what it reads, in case some are no longer offered when read. */
const SPARE_IDS = 2;

/** The cards of these ranked products that are offered now, in their order, each with its score. */
function rankedCards(db: Tx, ranked: { id: () => string; score: number }[]): Promise<ListedRow[]> {
  if (ranked.length === 0) return Promise.resolve([]);
  return queryShaped(db, listedRow, {
    shape: 'search:by-ids',
    build: () => sql`SELECT ${PRODUCT_COLUMNS}, page.score, NULL::int AS total
      FROM unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('scores')}::float8[])
        WITH ORDINALITY AS page(id, score, ord)
      JOIN products p ON p.id = page.id ${SHOP_CARD_JOIN}
      WHERE ${offeredWhere()}
      ORDER BY page.ord`,
    values: { ids: arrayText(ranked.map((r) => r.id())), scores: arrayText(ranked.map((r) => r.score)) },
  });
}

/**
 * A search page from the process's index (decision 067): the ranked ids after the cursor, their cards read live by
 * id in one statement with `offered` checked again (one no longer offered is replaced by the next ranked, read
 * then). Undefined when the index cannot answer it as the SQL would.
 */
async function indexedSearch(
  db: Tx,
  index: SearchIndex,
  params: ListProductsParams,
  cursor: Cursor | undefined,
  spell: Spell,
): Promise<ProductPageResult | undefined> {
  const q = params.q as string;
  // The page and the next one's first (whether there is a next page). A first page needs only its best few ranked
  // in order; a later one finds its cursor's place among them all.
  const wanted = params.limit + 1;
  let found = await index.search(db, q, spell, cursor ? undefined : wanted + SPARE_IDS);
  if (!found) return undefined;
  const after = Number(cursor?.value);
  const start = cursor
    ? found.ranked.findIndex((r) => r.score < after || (r.score === after && r.id() > cursor.id))
    : 0;
  const total = cursor ? null : found.total;
  const capped = found.capped;
  const rows: ListedRow[] = [];
  for (let next = Math.max(start, 0); start >= 0 && rows.length < wanted; ) {
    if (next >= found.ranked.length) {
      // Past the ranked few kept in order: all of them, ranked again.
      if (found.ranked.length >= found.total) break;
      const all = await index.search(db, q, spell);
      if (!all) break;
      found = all;
      continue;
    }
    const more = found.ranked.slice(next, next + wanted - rows.length);
    next += more.length;
    rows.push(...(await rankedCards(db, more)));
  }
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    items: page.map(toProductCard),
    nextCursor:
      rows.length > params.limit && last
        ? encodeCursor({ sort: 'relevance', value: Number(last.score), id: last.id })
        : null,
    ...(total === null ? { total } : capped ? { total, totalCapped: true } : { total }),
    ...(params.facets && { facets: null }),
  };
}

/** Whether the index answers this request: a search by relevance with no filter, place, category, shop or counts. */
function indexAnswers(params: ListProductsParams, counted: boolean): boolean {
  const values = filterValues(params);
  return (
    !counted &&
    (params.sort ?? 'relevance') === 'relevance' &&
    !params.category &&
    !params.shopId &&
    !params.from &&
    params.maxKm === undefined &&
    values.labels === 0 &&
    values.freeFrom === 0 &&
    values.minCents === undefined &&
    values.maxCents === undefined
  );
}

/**
 * One page of offered products (listed, not expired), filtered, sorted and paginated by keyset, with the filters'
 * counts on a first page when asked: one SQL statement per page, walking an index for the sorts without text. A
 * search the process's index can answer (`index`, once built) is ranked in memory and its cards read by id.
 */
export async function listProducts(
  db: Tx,
  params: ListProductsParams,
  spell: Spell = spellInSql,
  index?: SearchIndex,
): Promise<ProductPageResult> {
  const { sort, cursor, counted, fetch } = listing(params);
  if (params.q && index && indexAnswers(params, counted)) {
    const answered = await indexedSearch(db, index, params, cursor, spell);
    if (answered) return answered;
  }
  const { offered, inPrice, nearby } = listingWhere(params, sort);

  let rows: z.infer<typeof facetedRow>[];
  if (params.q) {
    const words = searchWords(params.q);
    if (words.length === 0) {
      return { items: [], nextCursor: null, total: cursor ? null : 0, ...(params.facets && { facets: null }) };
    }
    // The spelled query and the bounded candidates first; the page is ranked or sorted among them.
    const posted = postedWhere(params.category, params.shopId);
    const search = sql`WITH ${searchCandidates(params.q, words, spell(words), offered, posted)}`;
    const candidates = sql`p.id IN (SELECT id FROM candidates) AND ${offered}`;
    const narrowed = sql`${inPrice} AND ${nearby}`;
    const page =
      sort === 'relevance'
        ? relevancePage(params.q, cursor, fetch, narrowed, placeColumns(sort, params.from))
        : sortedPage(
            sort,
            sql`${candidates} AND ${narrowed}`,
            cursor,
            fetch,
            sql`, ${candidatesCapped} AS capped`,
            params.from,
          );
    const order = sort === 'relevance' ? sql`p.score DESC, p.id ASC` : orderOf(sort, params.from).orderBy;
    const facets = facetCounts(candidates, inPrice, nearbyFacet(params.from, params.maxKm, params.distanceUnit));
    rows = await queryPrepared(db, facetedRow, sql`${search} ${counted ? withFacets(page, facets, order) : page}`);
  } else {
    rows = await queryShaped(db, facetedRow, shapedListing(params, sort, cursor, counted));
  }

  const found = rows.filter((r): r is ListedRow & typeof r => r.id !== null);
  const page = found.slice(0, params.limit);
  const last = page.at(-1);
  const keyOf = (r: Row) => (sort === 'relevance' ? Number(r.score) : orderOf(sort, params.from).key(r));
  const total = cursor ? null : (found[0]?.total ?? rows[0]?.facet_total ?? 0);
  return {
    items: page.map(toProductCard),
    nextCursor: found.length > params.limit && last ? encodeCursor({ sort, value: keyOf(last), id: last.id }) : null,
    ...(total !== null && total > LISTING_COUNT_CAP
      ? { total: LISTING_COUNT_CAP, totalCapped: true }
      : total !== null && found[0]?.capped
        ? { total, totalCapped: true }
        : { total }),
    ...(params.facets && { facets: counted && rows[0]?.facet_counts ? toFacets(rows[0], params.distanceUnit) : null }),
  };
}

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { catalogApi } from '#contract/api/catalog.ts';
import type { CategoryValue } from '#contract/categories.ts';
import { KM_PER_MILE } from '#contract/distance-format.ts';
import { requestedPlace, UNPLACED_ZIP } from '#contract/places.ts';
import type { legacyListQuery, OfferedProduct, ProductPage } from '#contract/products.ts';
import { normalizeEmail } from '#contract/validation.ts';
import { readsPrimary } from '../../db/read-replica.ts';
import { AppError, forbidden } from '../../errors.ts';
import { acceptedEncoding, type Encoding, encode, sendEncoded } from '../../plugins/compression.ts';
import { handle } from '../../route-table.ts';
import { deleted, inserted, modified } from '../../spec-answers.ts';
import { namePostcode, placePostcode } from '../slots/index.ts';
import { listCategories } from './categories.ts';
import { categoryDeals, currentDeals } from './deals.ts';
import { type ListProductsParams, listProducts, type ProductPageResult } from './list-products.ts';
import { clearShopMarkdown, lastChanceProducts, setShopMarkdown, shopMarkdown } from './markdowns.ts';
import { catalogCache } from './micro-cache.ts';
import { forgetShopperPlace, placeOfRequest, saveShopperPlace, shopperPlaceOf } from './places.ts';
import {
  bumpPopularity,
  createProduct,
  editProduct,
  getOfferedProduct,
  type ReviewSummaryOf,
  unlistProduct,
  vendorAllowance,
  vendorProducts,
} from './product-service.ts';
import { liveSearchIndex, type SearchIndex } from './search-index.ts';
import { suggest } from './search-suggest.ts';
import { liveSpelling, type Spell } from './spelling.ts';

const PUBLIC_CACHE = 'public, max-age=10';
/** How long a start waits for the search index before it listens with the index still warming. */
const INDEX_WAIT_MS = 2_000;

/**
 * JSON ready to send, made once per page: its UTF-8 bytes, their ETag (as @fastify/etag makes it) and, when a client
 * asks for them, the same bytes compressed (each encoding once).
 */
type SentJson = { body: Buffer; etag: string; encoded: (encoding: Encoding) => Buffer };

function sentJson(json: string): SentJson {
  const body = Buffer.from(json);
  const encoded = new Map<Encoding, Buffer>();
  return {
    body,
    // Weak: the same JSON is sent in several encodings, which a strong tag would have to tell apart (RFC 9110 8.8.1).
    etag: `W/"${createHash('sha1').update(body).digest('base64')}"`,
    encoded: (encoding) => {
      let bytes = encoded.get(encoding);
      if (!bytes) {
        bytes = encode(body, encoding);
        encoded.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/**
 * A listing page with its JSON, written, encoded and tagged once however often the micro-cache sends it. Its items
 * are made by toProductCard, typed as the contract's CardProduct: parsing them again with the response schema would only
 * cost time.
 */
type ListingPage = ProductPageResult & { pageJson: () => SentJson; itemsJson: () => SentJson };

function withJson(page: ProductPageResult): ListingPage {
  let pageJson: SentJson | undefined;
  let itemsJson: SentJson | undefined;
  return {
    ...page,
    pageJson: () => {
      pageJson ??= sentJson(JSON.stringify(page satisfies ProductPage));
      return pageJson;
    },
    itemsJson: () => {
      itemsJson ??= sentJson(JSON.stringify(page.items));
      return itemsJson;
    },
  };
}

/**
 * A listing page through the process's micro-cache (CATALOG_CACHE_MS; only the server decides what is cached).
 * A user who has just written reads the primary (fs_primary cookie) and gets a fresh query.
 */
async function cachedListProducts(
  app: FastifyInstance,
  spell: Spell,
  request: Pick<FastifyRequest, 'cookies'>,
  params: ListProductsParams,
  index?: SearchIndex,
): Promise<ListingPage> {
  const load = () => app.catalogRead(request, async (db) => withJson(await listProducts(db, params, spell, index)));
  // Not hearing other processes' changes (connection lost), a cached page could stay stale past its second.
  if (readsPrimary(request) || !app.catalogChanges.listening()) return load();
  return catalogCache(app.db).get(`list:${JSON.stringify(params)}`, load);
}

/** Whether an If-None-Match header names `etag` or any version ("*"), compared weakly (RFC 9110 13.1.2). */
function holdsTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//u, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Sends JSON already checked against the response schema (Fastify does not serialize bytes again), with its ETag
 * (so @fastify/etag answers a matching If-None-Match with 304 without hashing it again), compressed as the client
 * accepts it.
 */
function sendJson(
  request: Pick<FastifyRequest, 'headers'>,
  reply: FastifyReply,
  json: SentJson,
  cacheControl?: string,
) {
  if (cacheControl) reply.header('cache-control', cacheControl);
  reply.header('etag', json.etag);
  if (holdsTag(request.headers['if-none-match'], json.etag)) {
    // As the 200 would vary, without the body's type and encoding: a 304 has no body.
    return reply.code(304).header('vary', 'accept-encoding').send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(request, json.body.length);
  return encoding ? sendEncoded(reply, encoding, json.encoded(encoding)) : reply.send(json.body);
}

/** Categories, products, deals and search; the product page shows the reviews module's summary. */
export async function catalogRoutes(app: FastifyInstance, options: { reviewSummaryOf: ReviewSummaryOf }) {
  catalogCache(app.db, app.config.catalogCacheMs);
  // A catalog write on any process (announced through PostgreSQL) makes every process's listings fresh at once.
  app.catalogChanges.subscribe(() => catalogCache(app.db).clear());
  const spelling = await liveSpelling(app.db, app.catalogChanges);
  // Built in the background: until it is, health says "warming" and searches are answered by the SQL.
  const searchIndex = liveSearchIndex(app.db, app.catalogChanges, app.config.businessTimeZone, app.log);
  // A small catalog is indexed before the server listens; a large one warms while the SQL answers.
  await Promise.race([searchIndex.built, new Promise((resolve) => setTimeout(resolve, INDEX_WAIT_MS).unref())]);
  const changed = async <T>(result: T): Promise<T> => {
    await app.catalogChanges.publish();
    return result;
  };

  handle(app, catalogApi.list, async (request, reply) => {
    const { shop, near, lat, lng, maxMi, distanceUnit, ...query } = request.query;
    const from = placeOfRequest(requestedPlace({ near, lat, lng }));
    const page = await cachedListProducts(
      app,
      spelling.spell,
      request,
      {
        ...query,
        ...(maxMi !== undefined && { maxKm: maxMi * KM_PER_MILE }),
        ...(distanceUnit === 'mi' && { distanceUnit }),
        shopId: shop,
        from,
        facets: true,
      },
      searchIndex.current(),
    );
    return sendJson(request, reply, page.pageJson(), PUBLIC_CACHE);
  });

  // One handler for the spec's list calls (they differ only in path and default category).
  const legacyList =
    (fallbackCategory?: CategoryValue) =>
    async (
      request: Pick<FastifyRequest, 'cookies' | 'headers'> & { query: z.output<typeof legacyListQuery> },
      reply: FastifyReply,
    ) => {
      const { query } = request;
      const page = await cachedListProducts(app, spelling.spell, request, {
        category: query.productCategory ?? fallbackCategory,
        sort: query.sort,
        cursor: query.cursor,
        limit: query.limit,
      });
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      if (page.total !== null && !page.totalCapped) reply.header('x-total-count', String(page.total));
      return sendJson(request, reply, page.itemsJson(), PUBLIC_CACHE);
    };
  handle(app, catalogApi.allProducts, legacyList());
  handle(app, catalogApi.vegetables, legacyList('vegetable'));
  handle(app, catalogApi.fruits, legacyList('fruit'));
  handle(app, catalogApi.milk, legacyList('milk'));
  handle(app, catalogApi.beverages, legacyList('beverage'));
  handle(app, catalogApi.sweets, legacyList('sweet'));
  handle(app, catalogApi.snacks, legacyList('snacks'));

  handle(app, catalogApi.popular, async (request, reply) => {
    const page = await cachedListProducts(app, spelling.spell, request, { ...request.query, sort: 'popular' });
    return sendJson(request, reply, page.itemsJson(), PUBLIC_CACHE);
  });

  handle(app, catalogApi.deals, async (request) => {
    const { category } = request.query;
    return app.catalogRead(request, (db) => (category ? categoryDeals(db, category) : currentDeals(db)));
  });

  handle(app, catalogApi.lastChance, async (request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE);
    return app.catalogRead(request, (db) => lastChanceProducts(db, request.query.limit));
  });

  handle(app, catalogApi.shopMarkdown, async ({ user }) => shopMarkdown(app.db, user.id));
  // A shop's rule changes the prices of its listings: every process's cached pages are dropped.
  handle(app, catalogApi.setShopMarkdown, async ({ body, user }) =>
    changed(await setShopMarkdown(app.db, user.id, body)),
  );
  handle(app, catalogApi.clearShopMarkdown, async ({ user }) => changed(await clearShopMarkdown(app.db, user.id)));

  // Made by toProduct, typed as the contract's product: checking it again with the response schema only cost time.
  handle(app, catalogApi.product, async (request, reply) => {
    const product = await app.catalogRead(request, (db) =>
      getOfferedProduct(db, request.params.id, options.reviewSummaryOf, placeOfRequest(requestedPlace(request.query))),
    );
    return sendJson(request, reply, sentJson(JSON.stringify(product satisfies OfferedProduct)));
  });

  handle(app, catalogApi.postcode, async ({ params }, reply) => {
    const place = placePostcode(params.postcode);
    if (!place) throw new AppError('NOT_FOUND', UNPLACED_ZIP);
    reply.header('cache-control', 'public, max-age=86400');
    const named = namePostcode(params.postcode);
    return { postcode: params.postcode, ...place, place: named?.place ?? null, state: named?.state ?? null };
  });

  handle(app, catalogApi.place, async ({ user }) => shopperPlaceOf(app.db, user.id));
  handle(app, catalogApi.setPlace, async ({ body, user }) => saveShopperPlace(app.db, user.id, body));
  handle(app, catalogApi.forgetPlace, async ({ user }, reply) => {
    await forgetShopperPlace(app.db, user.id);
    return reply.code(204).send();
  });

  handle(app, catalogApi.vendorProducts, async ({ query, user }) => {
    const email = normalizeEmail(query.email);
    if (user.role !== 'admin' && user.email !== email) throw forbidden('You can only see your own products');
    return vendorProducts(app.db, email);
  });

  handle(app, catalogApi.allowance, async ({ user }) => vendorAllowance(app.db, user.id, app.now()));

  handle(app, catalogApi.create, async ({ body, user }) => {
    const created = await changed(await createProduct(app.db, user, body, app.now()));
    return { acknowledged: true as const, ...inserted(created._id), product: created };
  });

  handle(app, catalogApi.edit, async ({ params, body, user }) =>
    changed(await editProduct(app.db, user, params.id, body)),
  );

  handle(app, catalogApi.remove, async ({ params, user }) => ({
    acknowledged: true as const,
    ...deleted(await changed(await unlistProduct(app.db, user, params.id))),
  }));

  handle(app, catalogApi.bumpPopularity, async ({ params, user }) => ({
    acknowledged: true as const,
    // Not announced, like a first add to a cart: a popularity order may lag by the cache's second.
    ...modified(await bumpPopularity(app.db, params.id, user.id)),
  }));

  handle(app, catalogApi.categories, async (request, reply) => {
    const rows = await app.catalogRead(request, listCategories);
    reply.header('cache-control', 'public, max-age=300');
    return rows.map((c) => ({ id: String(c.id), _id: String(c.id), category: c.value, label: c.label, unit: c.unit }));
  });

  handle(app, catalogApi.search, async (request, reply) => {
    const { q, cursor, limit } = request.query;
    if (!q) return { items: [], nextCursor: null, total: 0 };
    const page = await cachedListProducts(
      app,
      spelling.spell,
      request,
      { q, sort: 'relevance', cursor: cursor || undefined, limit },
      searchIndex.current(),
    );
    return sendJson(request, reply, page.pageJson());
  });

  handle(app, catalogApi.suggest, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return { suggestions: await app.catalogRead(request, (db) => suggest(db, request.query.q, spelling.spell)) };
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { vendorAllowance as vendorAllowanceSchema } from '#contract/catalog.ts';
import type { CategoryValue } from '#contract/categories.ts';
import {
  dealList,
  legacyListQuery,
  popularQuery,
  product,
  productCreated,
  productDeleted,
  productEditInput,
  productIdParams,
  productInput,
  productList,
  productListQuery,
  productModified,
  productPage,
  vendorProductsQuery,
} from '#contract/products.ts';
import { normalizeEmail } from '#contract/validation.ts';
import { forbidden } from '../../errors.ts';
import { currentDeals } from './deals.ts';
import { type ListProductsParams, listProducts, type ProductPageResult } from './list-products.ts';
import { catalogCache } from './micro-cache.ts';
import {
  bumpPopularity,
  createProduct,
  editProduct,
  getOfferedProduct,
  unlistProduct,
  vendorAllowance,
  vendorProducts,
} from './product-service.ts';

/** The spec's category list calls and the category each answers when `productCategory` is not given. */
const LEGACY_CATEGORY_CALLS: [string, CategoryValue][] = [
  ['/vegetablesProduct', 'vegetable'],
  ['/fruitsProduct', 'fruit'],
  ['/milkProduct', 'milk'],
  ['/beveragesProduct', 'beverage'],
  ['/sweetProduct', 'sweet'],
  ['/snackProduct', 'snacks'],
];

const PUBLIC_CACHE = 'public, max-age=10';

/** A listing page with its JSON, written once (checked against the response schema) however often it is sent. */
export type ListingPage = ProductPageResult & { pageJson: () => string; itemsJson: () => string };

function withJson(page: ProductPageResult): ListingPage {
  let pageJson: string | undefined;
  let itemsJson: string | undefined;
  return {
    ...page,
    pageJson: () => {
      pageJson ??= JSON.stringify(productPage.parse(page));
      return pageJson;
    },
    itemsJson: () => {
      itemsJson ??= JSON.stringify(productList.parse(page.items));
      return itemsJson;
    },
  };
}

/** A listing page through the one-second micro-cache; `Cache-Control: no-cache` asks for a fresh query. */
export async function cachedListProducts(
  app: FastifyInstance,
  request: FastifyRequest,
  params: ListProductsParams,
): Promise<ListingPage> {
  if (/no-cache/.test(request.headers['cache-control'] ?? '')) return withJson(await listProducts(app.db, params));
  return catalogCache(app.db).get(`list:${JSON.stringify(params)}`, async () =>
    withJson(await listProducts(app.db, params)),
  );
}

/** Sends JSON already checked against the response schema (Fastify does not serialize a string again). */
export function sendJson(reply: FastifyReply, json: string, cacheControl?: string) {
  if (cacheControl) reply.header('cache-control', cacheControl);
  return reply.type('application/json; charset=utf-8').send(json);
}

export async function productRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Every product write through this process makes listings fresh at once.
  const changed = <T>(result: T): T => {
    catalogCache(app.db).clear();
    return result;
  };

  api.get(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Offered products: search, category and shop filters, sort, keyset pages ({items, nextCursor})',
        querystring: productListQuery,
        response: { 200: productPage },
      },
    },
    async (request, reply) => {
      const { shop, ...query } = request.query;
      const page = await cachedListProducts(app, request, { ...query, shopId: shop });
      return sendJson(reply, page.pageJson(), PUBLIC_CACHE);
    },
  );

  const legacyList = async (
    request: FastifyRequest,
    query: z.output<typeof legacyListQuery>,
    reply: FastifyReply,
    fallbackCategory?: CategoryValue,
  ) => {
    const page = await cachedListProducts(app, request, {
      category: query.productCategory ?? fallbackCategory,
      sort: query.sort,
      cursor: query.cursor,
      limit: query.limit,
    });
    if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
    if (page.total !== null) reply.header('x-total-count', String(page.total));
    return sendJson(reply, page.itemsJson(), PUBLIC_CACHE);
  };

  api.get(
    '/allProducts',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Spec alias of GET /products: an array (next cursor in x-next-cursor)',
        querystring: legacyListQuery,
        response: { 200: productList },
      },
    },
    async (request, reply) => legacyList(request, request.query, reply),
  );

  for (const [path, category] of LEGACY_CATEGORY_CALLS) {
    api.get(
      path,
      {
        schema: {
          tags: ['catalog'],
          summary: `Spec alias of GET /products?category=${category}`,
          querystring: legacyListQuery,
          response: { 200: productList },
        },
      },
      async (request, reply) => legacyList(request, request.query, reply, category),
    );
  }

  api.get(
    '/products/popular',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Most popular offered products, optionally of one category',
        querystring: popularQuery,
        response: { 200: productList },
      },
    },
    async (request, reply) => {
      const page = await cachedListProducts(app, request, { ...request.query, sort: 'popular' });
      return sendJson(reply, page.itemsJson(), PUBLIC_CACHE);
    },
  );

  api.get(
    '/deals',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Deals of the day: 3 products, each with endsAt',
        response: { 200: dealList },
      },
    },
    async () => currentDeals(app.db),
  );

  api.get(
    '/singleProduct/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One offered product (404 once unlisted or expired)',
        params: productIdParams,
        response: { 200: product },
      },
    },
    async (request) => getOfferedProduct(app.db, request.params.id),
  );

  api.get(
    '/products/vendor',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['catalog'],
        summary: "A vendor's own products (the vendor or an admin)",
        querystring: vendorProductsQuery,
        response: { 200: productList },
      },
    },
    async (request) => {
      const user = request.user!;
      const email = normalizeEmail(request.query.email);
      if (user.roll !== 'admin' && !(user.roll === 'vendor' && user.email === email)) {
        throw forbidden('You can only see your own products');
      }
      return vendorProducts(app.db, email);
    },
  );

  api.get(
    '/products/vendor/allowance',
    {
      onRequest: app.requireRole('vendor'),
      schema: {
        tags: ['catalog'],
        summary: 'How many products the signed-in vendor may still add',
        response: { 200: vendorAllowanceSchema },
      },
    },
    async (request) => vendorAllowance(app.db, request.user!.id),
  );

  api.post(
    '/products',
    {
      onRequest: app.requireRole('vendor'),
      schema: {
        tags: ['catalog'],
        summary: 'List a new product (price computed by the server; normal members hold 5 at most)',
        body: productInput,
        response: { 201: productCreated },
      },
    },
    async (request, reply) => {
      const created = changed(await createProduct(app.db, request.user!, request.body));
      return reply.status(201).send({ acknowledged: true, insertedId: created._id, product: created });
    },
  );

  api.put(
    '/products/:id',
    {
      onRequest: app.requireRole('vendor'),
      schema: {
        tags: ['catalog'],
        summary: "Edit one of the vendor's own products",
        params: productIdParams,
        body: productEditInput,
        response: { 200: product },
      },
    },
    async (request) => changed(await editProduct(app.db, request.user!, request.params.id, request.body)),
  );

  api.delete(
    '/products/:id',
    {
      onRequest: app.requireRole('vendor'),
      schema: {
        tags: ['catalog'],
        summary: "Delete (unlist) one of the vendor's own products",
        params: productIdParams,
        response: { 200: productDeleted },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      deletedCount: changed(await unlistProduct(app.db, request.user!, request.params.id)),
    }),
  );

  api.patch(
    '/products/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['catalog'],
        summary: "Body-less update after an add to cart: popularity + 1 on the caller's first add only",
        params: productIdParams,
        response: { 200: productModified },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      modifiedCount: changed(await bumpPopularity(app.db, request.params.id, request.user!.id)),
    }),
  );
}

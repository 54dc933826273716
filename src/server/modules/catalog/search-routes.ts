import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchQuery, suggestResponse } from '#contract/catalog.ts';
import { MAX_PAGE_SIZE, productPage } from '#contract/products.ts';
import { cachedListProducts, sendJson } from './product-routes.ts';
import { suggest } from './search-suggest.ts';

const searchPageQuery = searchQuery.extend({
  cursor: z.string().trim().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export async function searchRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Products ranked by relevance to q (name, details, shop, category; tolerant of typos)',
        querystring: searchPageQuery,
        response: { 200: productPage },
      },
    },
    async (request, reply) => {
      const { q, cursor, limit } = request.query;
      if (!q) return { items: [], nextCursor: null, total: 0 };
      const page = await cachedListProducts(app, request, { q, sort: 'relevance', cursor: cursor || undefined, limit });
      return sendJson(reply, page.pageJson());
    },
  );

  api.get(
    '/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Suggestions while typing: products, shops and categories',
        querystring: searchQuery,
        response: { 200: suggestResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return { suggestions: await suggest(app.db, request.query.q) };
    },
  );
}

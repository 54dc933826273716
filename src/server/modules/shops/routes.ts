import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shop, shopIdParams, shopList, shopListQuery } from '#contract/shops.ts';
import { getShop, listShops } from './service.ts';

export async function shopRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/shops',
    {
      schema: {
        tags: ['catalog'],
        summary: "Vendors' shops; q filters by shop name or address",
        querystring: shopListQuery,
        response: { 200: shopList },
      },
    },
    async (request) => listShops(app.db, request.query.q),
  );

  api.get(
    '/singleShop/:id',
    { schema: { tags: ['catalog'], summary: 'One shop', params: shopIdParams, response: { 200: shop } } },
    async (request) => getShop(app.db, request.params.id),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryList } from '#contract/catalog.ts';
import { shopRoutes } from '../shops/routes.ts';
import { listCategories } from './categories.ts';
import { productRoutes } from './product-routes.ts';

/** Categories, products, deals and shops. */
export async function catalogRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await app.register(productRoutes);
  await app.register(shopRoutes);

  api.get(
    '/category',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The 12 product categories',
        response: { 200: categoryList },
      },
    },
    async (_request, reply) => {
      const rows = await listCategories(app.db);
      reply.header('cache-control', 'public, max-age=300');
      return rows.map((c) => ({
        id: String(c.id),
        _id: String(c.id),
        category: c.value,
        label: c.label,
        unit: c.unit,
      }));
    },
  );
}

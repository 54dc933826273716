import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addToCartInput, addToCartResult, cartItemParams, cartList, cartQuery, deletedCount } from '#contract/cart.ts';
import { normalizeEmail } from '#contract/validation.ts';
import { forbidden } from '../../errors.ts';
import { addToCart, getCart, removeFromCart } from './service.ts';

/** The spec's cart calls: each customer reads and changes only their own cart. */
export async function cartRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customerOnly = app.requireRole('customer');

  api.get(
    '/carts',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['cart'],
        summary: "The caller's cart (email must be the caller's)",
        querystring: cartQuery,
        response: { 200: cartList },
      },
    },
    async (request) => {
      const user = request.user!;
      if (normalizeEmail(request.query.email) !== user.email) throw forbidden('You can only see your own cart');
      return getCart(app.db, user);
    },
  );

  api.post(
    '/carts',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['cart'],
        summary: "Add units of a product to the cart (the caller's first add raises its popularity)",
        body: addToCartInput,
        response: { 201: addToCartResult },
      },
    },
    async (request, reply) => {
      const result = await addToCart(app.db, request.user!.id, request.body.productId, request.body.amount);
      return reply.status(201).send(result);
    },
  );

  api.delete(
    '/carts/:id',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['cart'],
        summary: 'Remove a line from the caller’s cart',
        params: cartItemParams,
        response: { 200: deletedCount },
      },
    },
    async (request) => removeFromCart(app.db, request.user!.id, request.params.id),
  );
}

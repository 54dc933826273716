import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deletedCount } from '#contract/cart.ts';
import {
  coupon,
  couponInput,
  couponPage,
  couponPageQuery,
  couponParams,
  couponQuote,
  validateCouponInput,
} from '#contract/coupons.ts';
import { listCartLines, subtotalCents } from '../cart/queries.ts';
import { createCoupon, deleteCoupon, listCoupons, quoteCoupon, toQuote } from './service.ts';

export async function couponRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireRole('admin');

  api.post(
    '/coupons',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['coupons'],
        summary: 'Create a coupon code (admin)',
        body: couponInput,
        response: { 201: coupon },
      },
    },
    async (request, reply) => reply.status(201).send(await createCoupon(app.db, request.user!.id, request.body)),
  );

  api.get(
    '/coupons',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['coupons'],
        summary: 'Coupon codes, newest first (admin)',
        querystring: couponPageQuery,
        response: { 200: couponPage },
      },
    },
    async (request) => listCoupons(app.db, request.query),
  );

  api.delete(
    '/coupons/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['coupons'],
        summary: 'Delete a coupon code so it stops working (admin)',
        params: couponParams,
        response: { 200: deletedCount },
      },
    },
    async (request) => deleteCoupon(app.db, request.params.id),
  );

  api.post(
    '/coupons/validate',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags: ['coupons'],
        summary: "The discount a code gives on the caller's cart, or why it cannot be used",
        body: validateCouponInput,
        response: { 200: couponQuote },
      },
    },
    async (request) => {
      const subtotal = subtotalCents(await listCartLines(app.db, request.user!.id));
      return toQuote(await quoteCoupon(app.db, request.body.code, subtotal), subtotal);
    },
  );
}

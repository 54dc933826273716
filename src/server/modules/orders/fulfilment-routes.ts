import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderPage,
  fulfilmentUpdate,
  fulfilmentUpdated,
  orderTracking,
  vendorOrderPage,
} from '#contract/fulfilment.ts';
import { pageQuery } from '#contract/pagination.ts';
import { getOrderTracking, listAllOrders, listVendorOrders, updateVendorOrder } from './fulfilment.ts';

const orderIdParams = z.object({ orderId: z.uuid('Order id must be a UUID') });
const idParams = z.object({ id: z.uuid('Id must be a UUID') });

/** Vendors fulfil their part of each order; buyers follow it; admins list every order. */
export async function fulfilmentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Cancelling lines refunds them with the card provider the payments were made with.
  const provider = app.payments.active;

  api.get(
    '/vendor/orders',
    {
      onRequest: app.requireRole('vendor'),
      schema: {
        tags: ['orders'],
        summary: "The signed-in vendor's orders: only its own lines and totals",
        querystring: pageQuery,
        response: { 200: vendorOrderPage },
      },
    },
    async (request) => listVendorOrders(app.db, request.user!.id, request.query),
  );

  api.patch(
    '/vendor/orders/:orderId',
    {
      onRequest: app.requireRole('vendor'),
      schema: {
        tags: ['orders'],
        summary:
          "Move the vendor's part of an order: pending → shipped → delivered, or cancelled (stock returned, what the buyer paid for those lines refunded)",
        params: orderIdParams,
        body: fulfilmentUpdate,
        response: { 200: fulfilmentUpdated },
      },
    },
    async (request) =>
      updateVendorOrder(app.db, provider, request.user!.id, request.params.orderId, request.body.status, request.log),
  );

  api.get(
    '/orders/:id/tracking',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "Each shop's step of one order (order or payment id), for its buyer or an admin",
        params: idParams,
        response: { 200: orderTracking },
      },
    },
    async (request) => getOrderTracking(app.db, request.params.id, request.user!),
  );

  api.get(
    '/orders',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['orders'],
        summary: 'Every order, newest first (admin)',
        querystring: pageQuery,
        response: { 200: adminOrderPage },
      },
    },
    async (request) => listAllOrders(app.db, request.query),
  );
}

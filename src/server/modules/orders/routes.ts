import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerPaymentPage, customerStats, historyQuery, orderAck, orderAckInput } from '#contract/orders.ts';
import { normalizeEmail } from '#contract/validation.ts';
import { forbidden, notFound } from '../../errors.ts';
import { paymentByTransactionId, paymentHistory, customerStats as readCustomerStats } from './queries.ts';

export async function orderRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/customerPayments/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Payment history of a buyer, newest first (the buyer or an admin)',
        params: z.object({ email: z.string().min(1) }),
        querystring: historyQuery,
        response: { 200: customerPaymentPage },
      },
    },
    async (request) => {
      const user = request.user!;
      const email = normalizeEmail(request.params.email);
      if (email !== user.email && user.roll !== 'admin') throw forbidden('You can only see your own payments');
      return paymentHistory(app.db, email, request.query);
    },
  );

  api.post(
    '/orders',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags: ['orders'],
        summary: 'Confirm the order of a completed payment (it is created with the payment)',
        body: orderAckInput,
        response: { 200: orderAck },
      },
    },
    async (request) => {
      const payment = await paymentByTransactionId(app.db, request.body.transactionId);
      if (!payment) throw notFound('Order');
      if (payment.email !== request.user!.email) throw forbidden('This order is not yours');
      return { insertedId: payment.orderId, status: payment.status };
    },
  );

  api.get(
    '/customer-stats',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags: ['orders'],
        summary: 'The customer home figures: items bought, money spent, share of orders delivered',
        response: { 200: customerStats },
      },
    },
    async (request) => readCustomerStats(app.db, request.user!.id),
  );
}

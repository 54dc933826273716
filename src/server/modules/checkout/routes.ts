import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerPayment } from '#contract/orders.ts';
import { checkoutIntentInput, customerPaymentInput, paymentIntentCreated } from '#contract/payments.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { completeCheckout, startCheckout } from './service.ts';

export async function checkoutRoutes(app: FastifyInstance, { provider }: { provider: PaymentProvider }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customerOnly = app.requireRole('customer');

  api.post(
    '/customer-payment',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['checkout'],
        summary: 'Start paying for the cart: the server prices the cart and coupon and opens a card payment',
        body: checkoutIntentInput,
        response: { 201: paymentIntentCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await startCheckout(app.db, provider, request.user!, request.body.couponCode, request.body)),
  );

  api.post(
    '/customerPayments',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['checkout'],
        summary: 'Turn a paid card payment into the order (idempotent per payment)',
        body: customerPaymentInput,
        response: { 200: customerPayment, 201: customerPayment },
      },
    },
    async (request, reply) => {
      const { paymentIntentId, ...details } = request.body;
      const result = await completeCheckout(app.db, provider, request.user!, paymentIntentId, details, request.log);
      return reply.status(result.created ? 201 : 200).send(result.payment);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { checkoutApi } from '#contract/api/checkout.ts';
import { handle } from '../../route-table.ts';
import { completeCheckout, startCheckout } from './service.ts';

/** Paying for the cart, then turning the paid payment into the order. */
export async function checkoutRoutes(app: FastifyInstance) {
  handle(app, checkoutApi.start, async ({ body, user }) =>
    startCheckout(app.db, app.payments.active, user, body.couponCode, body, app.now()),
  );

  handle(app, checkoutApi.complete, async ({ body, user, log }, reply) => {
    const { paymentIntentId, ...details } = body;
    const result = await completeCheckout(app.db, app.payments, user, paymentIntentId, details, log);
    return result.created ? result.payment : reply.code(200).send(result.payment);
  });
}

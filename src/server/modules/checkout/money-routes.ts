import type { FastifyInstance } from 'fastify';
import { cartRoutes } from '../cart/routes.ts';
import { couponRoutes } from '../coupons/routes.ts';
import { invoiceRoutes } from '../orders/invoice-routes.ts';
import { orderRoutes } from '../orders/routes.ts';
import { paymentRoutes } from '../payments/routes.ts';
import { stripeWebhookRoutes } from '../payments/webhook-routes.ts';
import { checkoutRoutes } from './routes.ts';

/** The money path under /api: cart, coupons, card payments, checkout, orders, invoices, membership. */
export async function moneyRoutes(app: FastifyInstance) {
  const providers = app.payments;
  await app.register(cartRoutes);
  await app.register(couponRoutes);
  await app.register(paymentRoutes, { provider: providers.active, sandbox: providers.sandbox });
  await app.register(stripeWebhookRoutes, {
    stripe: providers.stripe,
    secret: providers.webhookSecret,
    provider: providers.active,
  });
  await app.register(checkoutRoutes, { provider: providers.active });
  await app.register(orderRoutes);
  await app.register(invoiceRoutes);
}

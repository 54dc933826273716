import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError, notFound } from '../../errors.ts';
import { settleIntent } from '../checkout/settle.ts';
import { findIntent } from './intents.ts';
import type { PaymentProvider } from './provider.ts';
import { paymentIntents } from './tables.ts';

/**
 * POST /payments/stripe/webhook. Stripe signs the exact bytes it sends, so this encapsulated plugin keeps
 * the JSON body raw (a Buffer) for its one route; every other route still gets parsed JSON.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  options: { stripe: Stripe | null; secret: string; provider: PaymentProvider },
) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/stripe/webhook',
    {
      // Stripe sends every event from a few addresses; its signature, not an address count, guards this route.
      config: { writeLimit: false },
      schema: { tags: ['payments'], summary: 'Stripe events (signature checked)', hide: false },
    },
    async (request) => {
      const { stripe, secret, provider } = options;
      if (!stripe) throw notFound('Stripe webhook');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new AppError('VALIDATION', 'Missing Stripe signature');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw new AppError('VALIDATION', 'The Stripe signature is not valid');
      }
      if (event.type.startsWith('payment_intent.')) {
        const intent = event.data.object as Stripe.PaymentIntent;
        const row = await findIntent(app.db, 'stripe', intent.id);
        if (row && provider.name === 'stripe') {
          if (event.type === 'payment_intent.succeeded') {
            // The same path as the browser's confirmation and the reconciliation job: an order, a membership
            // or a full refund, once.
            await settleIntent(app.db, provider, row.id, { log: request.log });
          } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
            await app.db
              .update(paymentIntents)
              .set({
                lastError: intent.last_payment_error?.message ?? null,
                ...(event.type === 'payment_intent.canceled' ? { status: 'cancelled' as const } : {}),
              })
              .where(and(eq(paymentIntents.id, row.id), eq(paymentIntents.status, 'requires_confirmation')));
          }
        }
      }
      return { received: true };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError, notFound } from '../../errors.ts';
import { findIntent, setIntentStatus } from './intents.ts';
import { membershipPaidByWebhook } from './membership.ts';

/**
 * POST /payments/stripe/webhook. Stripe signs the exact bytes it sends, so this encapsulated plugin keeps
 * the JSON body raw (a Buffer) for its one route; every other route still gets parsed JSON.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, options: { stripe: Stripe | null; secret: string }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/stripe/webhook',
    { schema: { tags: ['payments'], summary: 'Stripe events (signature checked)', hide: false } },
    async (request) => {
      const { stripe, secret } = options;
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
        if (row) {
          if (event.type === 'payment_intent.succeeded') {
            if (row.purpose === 'membership') await membershipPaidByWebhook(app.db, 'stripe', intent.id, intent.amount);
            else if (row.status === 'requires_confirmation') await setIntentStatus(app.db, row.id, 'succeeded');
          } else if (event.type === 'payment_intent.canceled' && row.status === 'requires_confirmation') {
            await setIntentStatus(app.db, row.id, 'cancelled');
          }
        }
      }
      return { received: true };
    },
  );
}

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { paymentsApi } from '#contract/api/payments.ts';
import { AppError, notFound } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import { findIntent } from './intents.ts';
import { syncPayoutAccount } from './payout-accounts.ts';
import { paymentIntents } from './tables.ts';
import { sendPayouts } from './transfers.ts';

/**
 * POST /payments/stripe/webhook. Stripe signs the exact bytes it sends, so this encapsulated plugin keeps
 * the JSON body raw (a Buffer) for its one route; every other route still gets parsed JSON.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  const { stripe, webhookSecret: secret, active: provider, settle } = app.payments;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  handle(
    app,
    paymentsApi.stripeWebhook,
    async (request) => {
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
          // Paid, or authorized for a later capture (weighed goods): the same path as the browser's confirmation
          // and the reconciliation job: an order, a membership or a full refund, once.
          if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.amount_capturable_updated') {
            await settle(row.id, { log: request.log });
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
      if (event.type === 'account.updated' && provider.name === 'stripe') {
        // A shop finished onboarding (or Stripe changed what it may do): read back, and send what waited for it.
        const account = event.data.object as Stripe.Account;
        const due = await syncPayoutAccount(app.db, provider, account.id);
        await sendPayouts(app.db, provider, { transferIds: due }, { log: request.log });
      }
      return { received: true };
    },
    // Stripe sends every event from a few addresses; its signature, not an address count, guards this route.
    { config: { writeLimit: false } },
  );
}

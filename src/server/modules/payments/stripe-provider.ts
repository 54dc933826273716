import Stripe from 'stripe';
import type { PaymentProvider, ProviderIntent } from './provider.ts';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Points the SDK at another host (a local stand-in in tests); Stripe's own API otherwise. */
  apiBase: string | undefined;
};

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Farmstall' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card ?? null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    status: intent.status,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    lastError: intent.last_payment_error?.message ?? null,
    refunded: Boolean(charge && (charge.refunded || charge.amount_refunded > 0)),
  };
}

/** Stripe through its official SDK; the browser confirms the card with Stripe Elements. */
export function createStripeProvider(settings: StripeSettings, stripe = createStripeClient(settings)): PaymentProvider {
  async function retrieve(id: string) {
    try {
      return toIntent(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent({ amountCents, description, metadata, captureMethod = 'automatic' }) {
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency: 'usd',
        capture_method: captureMethod,
        description,
        metadata,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      });
      return toIntent(intent);
    },

    retrieveIntent: retrieve,

    async refund(intentId, { amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
      return { refundId: refund.id };
    },

    async cancelIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        // Already paid, already cancelled or unknown: Stripe refuses; what the intent is now is the answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return retrieve(id);
        throw error;
      }
    },

    async capture(id, { amountCents, idempotencyKey }) {
      const intent = await stripe.paymentIntents.capture(
        id,
        { amount_to_capture: amountCents, expand: ['latest_charge'] },
        { idempotencyKey },
      );
      return toIntent(intent);
    },
  };
}

import Stripe from 'stripe';
import type {
  OffSessionCharge,
  OffSessionFailureCode,
  PaymentProvider,
  ProviderActivity,
  ProviderIntent,
  ProviderSetupState,
} from './provider.ts';

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
    chargeId: charge?.id ?? (typeof intent.latest_charge === 'string' ? intent.latest_charge : null),
  };
}

const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? ''));
/** Stripe lists newest first, to the second: reversed, then (stably) sorted, the oldest comes first. */
const oldestFirst = <T extends { createdAt: Date }>(items: T[]) =>
  items.reverse().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

/** Stripe's payment intents, refunds and transfers created at or after `since`, every page (created[gte]). */
async function listSince(stripe: Stripe, since: Date): Promise<ProviderActivity> {
  const created = { gte: Math.floor(since.getTime() / 1000) };
  const at = (seconds: number) => new Date(seconds * 1000);
  const payments: ProviderActivity['payments'] = [];
  for await (const intent of stripe.paymentIntents.list({ created, limit: 100, expand: ['data.latest_charge'] })) {
    payments.push({
      ...toIntent(intent),
      captureMethod: intent.capture_method === 'manual' ? 'manual' : 'automatic',
      metadata: intent.metadata,
      createdAt: at(intent.created),
    });
  }
  const refunds: ProviderActivity['refunds'] = [];
  for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
    refunds.push({
      id: refund.id,
      paymentIntentId: idOf(refund.payment_intent),
      amountCents: refund.amount,
      status: refund.status ?? 'pending',
      metadata: refund.metadata ?? {},
      createdAt: at(refund.created),
    });
  }
  const transfers: ProviderActivity['transfers'] = [];
  for await (const transfer of stripe.transfers.list({ created, limit: 100 })) {
    transfers.push({
      id: transfer.id,
      amountCents: transfer.amount,
      amountReversedCents: transfer.amount_reversed,
      destination: idOf(transfer.destination),
      metadata: transfer.metadata,
      createdAt: at(transfer.created),
    });
  }
  return { payments: oldestFirst(payments), refunds: oldestFirst(refunds), transfers: oldestFirst(transfers) };
}

/** Stripe says an Express account can be paid out once onboarding is done and payouts are enabled. */
const toPayoutAccount = (account: Stripe.Account) => ({
  id: account.id,
  payoutsEnabled: Boolean(account.details_submitted && account.payouts_enabled),
});

function toSetupState(intent: Stripe.SetupIntent): ProviderSetupState {
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const card = method?.card;
  return {
    id: intent.id,
    status: intent.status,
    customerId: idOf(intent.customer),
    metadata: intent.metadata ?? {},
    paymentMethodId: idOf(intent.payment_method) || null,
    card: card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null,
    lastError: intent.last_setup_error?.message ?? null,
  };
}

/** Stripe's decline codes an off-session charge answers, as the app tells them apart. */
const failureCode = (code: string | undefined): OffSessionFailureCode =>
  code === 'authentication_required' || code === 'expired_card' ? code : 'card_declined';

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

    async refund(intentId, { amountCents, idempotencyKey, metadata }) {
      const refund = await stripe.refunds.create(
        { payment_intent: intentId, amount: amountCents, ...(metadata ? { metadata } : {}) },
        { idempotencyKey },
      );
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

    async createPayoutAccount({ email, shopId }) {
      const account = await stripe.accounts.create(
        { type: 'express', email, capabilities: { transfers: { requested: true } }, metadata: { shopId } },
        { idempotencyKey: `payout-account:${shopId}` },
      );
      return toPayoutAccount(account);
    },

    async retrievePayoutAccount(id) {
      try {
        return toPayoutAccount(await stripe.accounts.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async onboardingLink(accountId, { returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },

    async transfer({ amountCents, destination, sourceTransaction, idempotencyKey, metadata }) {
      const transfer = await stripe.transfers.create(
        { amount: amountCents, currency: 'usd', destination, source_transaction: sourceTransaction, metadata },
        { idempotencyKey },
      );
      return { transferId: transfer.id };
    },

    async reverseTransfer(transferId, { amountCents, idempotencyKey }) {
      const reversal = await stripe.transfers.createReversal(transferId, { amount: amountCents }, { idempotencyKey });
      return { reversalId: reversal.id };
    },

    listActivity: (since) => listSince(stripe, since),

    async createSetupIntent({ customerId, email, metadata }) {
      const customer = customerId ?? (await stripe.customers.create({ email, metadata })).id;
      const intent = await stripe.setupIntents.create({
        customer,
        usage: 'off_session',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        metadata,
      });
      return { id: intent.id, clientSecret: intent.client_secret ?? '', customerId: customer, status: intent.status };
    },

    async retrieveSetupIntent(id) {
      try {
        return toSetupState(await stripe.setupIntents.retrieve(id, { expand: ['payment_method'] }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async chargeOffSession(input): Promise<OffSessionCharge> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            capture_method: input.captureMethod,
            description: input.description,
            metadata: input.metadata,
            expand: ['latest_charge'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { ok: true, intent: toIntent(intent) };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        const failed = (error.raw as { payment_intent?: { id?: string } }).payment_intent;
        return {
          ok: false,
          code: failureCode(error.code),
          message: error.message,
          intentId: failed?.id ?? null,
        };
      }
    },
  };
}

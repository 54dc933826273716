import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';

export type PaymentProviders = {
  /** The provider payments are made, settled and refunded with. */
  active: PaymentProvider;
  /** The built-in provider, which also backs its own confirm route. */
  sandbox: SandboxProvider;
  stripe: Stripe | null;
  webhookSecret: string;
};

/** The configured card provider; the sandbox also backs its own confirm route. */
export function createPaymentProviders(config: Config, db: Db): PaymentProviders {
  const sandbox = createSandboxProvider(db);
  if (config.payments.provider === 'stripe') {
    const stripe = createStripeClient(config.payments);
    return {
      active: createStripeProvider(config.payments, stripe),
      sandbox,
      stripe,
      webhookSecret: config.payments.webhookSecret,
    };
  }
  return { active: sandbox, sandbox, stripe: null, webhookSecret: '' };
}

import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';

/** The configured card provider; the sandbox also backs its own confirm route. */
export function createPaymentProviders(config: Config, db: Db) {
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

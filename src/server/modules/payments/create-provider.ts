import path from 'node:path';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxJournal } from './sandbox-journal.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.ts';
import { createSettle, type FulfilOrder, type Settle } from './settle.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';

/** Where the sandbox keeps its records outside the database (decision 036). */
export const sandboxJournalFile = (config: Config) => path.join(config.dataDir, 'sandbox-journal.jsonl');

export type PaymentProviders = {
  /** The provider payments are made, settled and refunded with. */
  active: PaymentProvider;
  /** The built-in provider, which also backs its own confirm route. */
  sandbox: SandboxProvider;
  stripe: Stripe | null;
  webhookSecret: string;
  /** Settles a payment intent with the active provider: its order, membership or full refund, once. */
  settle: Settle;
};

/**
 * The configured card provider, and the settle path of its payments, whose paid checkouts become orders through
 * `fulfilOrder` (checkout's makeOrder). The sandbox also backs its own confirm route. `clock` is the app's.
 */
export function createPaymentProviders(
  config: Config,
  db: Db,
  fulfilOrder: FulfilOrder,
  clock?: () => Date,
): PaymentProviders {
  const sandbox = createSandboxProvider(db, createSandboxJournal(sandboxJournalFile(config)), clock);
  if (config.payments.provider === 'stripe') {
    const stripe = createStripeClient(config.payments);
    const active = createStripeProvider(config.payments, stripe);
    return {
      active,
      sandbox,
      stripe,
      webhookSecret: config.payments.webhookSecret,
      settle: createSettle(db, active, fulfilOrder, clock),
    };
  }
  return {
    active: sandbox,
    sandbox,
    stripe: null,
    webhookSecret: '',
    settle: createSettle(db, sandbox, fulfilOrder, clock),
  };
}

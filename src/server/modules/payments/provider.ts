import type { PaymentProviderName } from '#contract/payments.ts';

/** A card payment as the provider reports it (Stripe's PaymentIntent, reduced to what the app uses). */
export type ProviderIntent = {
  id: string;
  clientSecret: string;
  amountCents: number;
  /** Stripe's statuses: requires_payment_method, requires_confirmation, processing, succeeded, canceled, … */
  status: string;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The last card error, e.g. 'Your card was declined.' */
  lastError: string | null;
  refunded: boolean;
};

export type CreateIntentInput = {
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
};

/** Every payment provider answers these three questions; the app never trusts the browser about money. */
export type PaymentProvider = {
  readonly name: PaymentProviderName;
  /** Publishable key for the browser (Stripe) or null (sandbox). */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The intent as the provider knows it now, or null when it does not exist. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Gives the money back: refunds a paid intent, cancels one that was not paid. */
  refund(id: string): Promise<void>;
};

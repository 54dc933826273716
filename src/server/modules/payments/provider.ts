import type { PaymentProviderName } from '#contract/payments.ts';

/** A card payment as the provider reports it (Stripe's PaymentIntent, reduced to what the app uses). */
export type ProviderIntent = {
  id: string;
  clientSecret: string;
  amountCents: number;
  /**
   * Stripe's statuses: requires_payment_method, requires_confirmation, processing, requires_capture (authorized,
   * manual capture), succeeded, canceled, …
   */
  status: string;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The last card error, e.g. 'Your card was declined.' */
  lastError: string | null;
  /** True once any part of the amount was refunded. */
  refunded: boolean;
};

export type CreateIntentInput = {
  amountCents: number;
  /** 'manual': the card is only authorized (status requires_capture) until `capture`. Default automatic. */
  captureMethod?: 'automatic' | 'manual';
  description: string;
  metadata: Record<string, string>;
};

/** Every payment provider answers these questions; the app never trusts the browser about money. */
export type PaymentProvider = {
  readonly name: PaymentProviderName;
  /** Publishable key for the browser (Stripe) or null (sandbox). */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The intent as the provider knows it now, or null when it does not exist. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Gives back `amountCents` (all or part of what is left) of a paid intent. The same idempotency key
   * always answers with the same refund, so a retry never refunds twice.
   */
  refund(intentId: string, input: RefundInput): Promise<{ refundId: string }>;
  /**
   * Cancels an intent that was not paid, so it can no longer be charged. Answers the intent as it is
   * afterwards: 'canceled', or 'succeeded' when it was paid first (then it must be settled, not cancelled).
   */
  cancelIntent(intentId: string): Promise<ProviderIntent | null>;
  /**
   * Charges `amountCents` (at most the authorized amount) of an authorized manual-capture intent, once; the rest of
   * the hold is released. The same idempotency key answers the same capture again.
   */
  capture(intentId: string, input: RefundInput): Promise<ProviderIntent>;
};

/** The card is charged, or authorized for a later capture: either way the payment is made. */
export const isPaid = (status: string | undefined) => status === 'succeeded' || status === 'requires_capture';

export type RefundInput = { amountCents: number; idempotencyKey: string };

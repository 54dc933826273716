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
  /** The charge that paid it (a transfer's source_transaction), once paid. */
  chargeId: string | null;
};

/** A shop's account at the provider for payouts (a Stripe Connect Express account, reduced to what the app uses). */
export type ProviderPayoutAccount = {
  id: string;
  /** The shop finished onboarding and the provider will pay money out to it. */
  payoutsEnabled: boolean;
};

export type TransferInput = {
  amountCents: number;
  /** The connected account paid. */
  destination: string;
  /** The charge the money comes from: the transfer waits for its funds, never for the platform's balance. */
  sourceTransaction: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/** A payment as the provider lists it: the intent, with what the store put on it and when it was made. */
export type ProviderPayment = ProviderIntent & {
  captureMethod: 'automatic' | 'manual';
  metadata: Record<string, string>;
  createdAt: Date;
};

/** Money the provider gave back on a payment; `metadata` is what the store sent with it (refundKey, reason, orderId). */
export type ProviderRefund = {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  /** Stripe's refund statuses: pending, succeeded, failed, canceled. */
  status: string;
  metadata: Record<string, string>;
  createdAt: Date;
};

/** Money the provider paid to a shop's account; `metadata` is what the store sent with it (orderId, shopId). */
export type ProviderTransfer = {
  id: string;
  amountCents: number;
  amountReversedCents: number;
  destination: string;
  metadata: Record<string, string>;
  createdAt: Date;
};

/** What the provider did from a time on, oldest first. */
export type ProviderActivity = {
  payments: ProviderPayment[];
  refunds: ProviderRefund[];
  transfers: ProviderTransfer[];
};

export type CreateIntentInput = {
  amountCents: number;
  /** 'manual': the card is only authorized (status requires_capture) until `capture`. Default automatic. */
  captureMethod?: 'automatic' | 'manual';
  description: string;
  metadata: Record<string, string>;
};

/** A card saved for later charges (Stripe's SetupIntent with usage off_session), as the browser confirms it. */
export type ProviderSetupIntent = {
  id: string;
  clientSecret: string;
  customerId: string;
  /** Stripe's statuses: requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled. */
  status: string;
};

/** The card a SetupIntent saved. */
export type SavedCard = { brand: string; last4: string; expMonth: number; expYear: number };

export type ProviderSetupState = {
  id: string;
  status: string;
  customerId: string;
  /** What the store sent when it started (the shopper's userId). */
  metadata: Record<string, string>;
  /** The saved payment method, once the card is given (and usable once the status is succeeded). */
  paymentMethodId: string | null;
  card: SavedCard | null;
  /** Why the last card given was refused, e.g. 'Your card was declined.' */
  lastError: string | null;
};

export type CreateSetupIntentInput = {
  /** The provider's customer the card belongs to; a new one is made for `email` when not given. */
  customerId?: string;
  email: string;
  metadata: Record<string, string>;
};

export type OffSessionChargeInput = {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  /** 'manual': authorized only (requires_capture) until `capture`, as checkout holds weighed goods. */
  captureMethod: 'automatic' | 'manual';
  description: string;
  metadata: Record<string, string>;
  /** The same key answers the same charge (or the same failure) again. */
  idempotencyKey: string;
};

/** Why a saved card could not be charged without the shopper. */
export const OFF_SESSION_FAILURES = ['card_declined', 'authentication_required', 'expired_card'] as const;
export type OffSessionFailureCode = (typeof OFF_SESSION_FAILURES)[number];

/**
 * An off-session charge: the intent (requires_capture or succeeded), or why the card refused, with the provider's
 * message and the failed intent (the shopper can confirm it on-session, e.g. to authenticate), if one was made.
 */
export type OffSessionCharge =
  | { ok: true; intent: ProviderIntent }
  | { ok: false; code: OffSessionFailureCode; message: string; intentId: string | null };

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
  refund(intentId: string, input: RefundInput & { metadata?: Record<string, string> }): Promise<{ refundId: string }>;
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
  /** Opens a shop's payout account (pending until the shop completes onboarding). */
  createPayoutAccount(input: { email: string; shopId: string }): Promise<ProviderPayoutAccount>;
  /** The account as the provider knows it now, or null when it does not exist. */
  retrievePayoutAccount(id: string): Promise<ProviderPayoutAccount | null>;
  /** Where the shop completes onboarding; it comes back to `returnUrl` (or `refreshUrl` when the link expired). */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** Pays a connected account from a charge; the same idempotency key answers the same transfer again. */
  transfer(input: TransferInput): Promise<{ transferId: string }>;
  /** Takes `amountCents` back from a transfer; the same idempotency key answers the same reversal again. */
  reverseTransfer(transferId: string, input: RefundInput): Promise<{ reversalId: string }>;
  /**
   * Every payment, refund and transfer the provider made from `since` on (created at or after it, to the second),
   * oldest first: what a restored database is matched against.
   */
  listActivity(since: Date): Promise<ProviderActivity>;
  /** Starts saving a card for off-session charges; the browser confirms it with `clientSecret`. */
  createSetupIntent(input: CreateSetupIntentInput): Promise<ProviderSetupIntent>;
  /** The SetupIntent as the provider knows it now, or null when it does not exist. */
  retrieveSetupIntent(id: string): Promise<ProviderSetupState | null>;
  /** Charges a saved card without the shopper (a subscription's delivery). Card failures are answered, not thrown. */
  chargeOffSession(input: OffSessionChargeInput): Promise<OffSessionCharge>;
};

/** The card is charged, or authorized for a later capture: either way the payment is made. */
export const isPaid = (status: string | undefined) => status === 'succeeded' || status === 'requires_capture';

export type RefundInput = { amountCents: number; idempotencyKey: string };

import type { Db, Tx } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import type { Settle } from './settle.ts';
import type { recordTransfer } from './transfers.ts';

/**
 * What became of one object of the provider:
 * ok — the store already has it as the provider does;
 * order, membership, refunded — a paid charge the store had open, or had lost and recorded again, settled now;
 * recorded — a refund or transfer the store lacked (or had not marked made) is now in its ledger;
 * cancelled — a payment the store lost, never paid, cancelled at the provider so it can no longer be paid;
 * open — not settled yet, left to the reconciliation job (unpaid, or paid and waiting for its delivery details);
 * would_change — a dry run: what would be done is in the detail;
 * needs_person — the command cannot decide; the detail says what to do.
 */
export const RECONCILE_OUTCOMES = [
  'ok',
  'order',
  'membership',
  'refunded',
  'recorded',
  'cancelled',
  'open',
  'would_change',
  'needs_person',
] as const;
export type ReconcileOutcome = (typeof RECONCILE_OUTCOMES)[number];

export type ReconcileLine = {
  kind: 'payment' | 'refund' | 'transfer';
  /** The provider's id. */
  id: string;
  outcome: ReconcileOutcome;
  detail: string;
};

/** What the orders module tells the ledger (given by the caller: payments does not call orders). */
export type OrdersForReconcile = {
  /** What the store records for a shop's part of an order once delivered (orders' partTransfer). */
  partTransfer: (tx: Tx, orderId: string, shopId: string) => Promise<Parameters<typeof recordTransfer>[1] | null>;
  /** The order a payment (the provider's intent id) became, if the store has it. */
  orderOfPayment: (tx: Tx, providerIntentId: string) => Promise<string | null>;
  /** What a person must do when the order still shows live what a refund (by its key) paid back; null if nothing. */
  lostCancellation: (tx: Tx, refundKey: string) => Promise<string | null>;
};

export type ReconcileContext = {
  db: Db;
  provider: PaymentProvider;
  /** The app's settle path (payments' settle with checkout's orders). */
  settle: Settle;
  orders: OrdersForReconcile;
  /** Only report what would be done. */
  dryRun: boolean;
  now: () => Date;
};

export type RestoreReconcileReport = {
  lines: ReconcileLine[];
  counts: Record<ReconcileOutcome, number>;
};

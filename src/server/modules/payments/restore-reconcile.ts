import type { ProviderPayment, ProviderRefund, ProviderTransfer } from './provider.ts';
import { matchPayment } from './reconcile-payments.ts';
import { matchRefund } from './reconcile-refunds.ts';
import { matchTransfer } from './reconcile-transfers.ts';
import {
  RECONCILE_OUTCOMES,
  type ReconcileContext,
  type ReconcileLine,
  type RestoreReconcileReport,
} from './reconcile-types.ts';

/**
 * Matches everything the provider did from `since` on (a database restored to `since` may lack any of it) with the
 * store, and settles or records what is missing: payments first (a lost charge is recorded again from its metadata
 * and settled by the one settle path: its order, or a refund), then refunds (each on its payment, so the ledger shows
 * it), then transfers (each on its order's part, so the shop is never paid twice). Idempotent: a second run finds
 * everything ok. One object that fails is reported for a person and the others go on.
 */
export async function reconcileSince(context: ReconcileContext, since: Date): Promise<RestoreReconcileReport> {
  const activity = await context.provider.listActivity(since);
  const lines: ReconcileLine[] = [];
  const each = async <T extends { id: string }>(
    kind: ReconcileLine['kind'],
    items: T[],
    match: (item: T) => Promise<Omit<ReconcileLine, 'kind' | 'id'>>,
  ) => {
    for (const item of items) {
      try {
        lines.push({ kind, id: item.id, ...(await match(item)) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        lines.push({ kind, id: item.id, outcome: 'needs_person', detail: `could not be matched: ${message}` });
      }
    }
  };
  await each<ProviderPayment>('payment', activity.payments, (payment) =>
    matchPayment(context, payment, activity.refunds),
  );
  await each<ProviderRefund>('refund', activity.refunds, (refund) => matchRefund(context, refund));
  await each<ProviderTransfer>('transfer', activity.transfers, (transfer) => matchTransfer(context, transfer));
  const counts = Object.fromEntries(
    RECONCILE_OUTCOMES.map((outcome) => [outcome, 0]),
  ) as RestoreReconcileReport['counts'];
  for (const line of lines) counts[line.outcome] += 1;
  return { lines, counts };
}

import type { Db } from '../db/client.ts';
import { lostCancellation, partTransfer, paymentByTransactionId } from '../modules/orders/index.ts';
import {
  type PaymentProviders,
  RECONCILE_OUTCOMES,
  type RestoreReconcileReport,
  reconcileSince,
} from '../modules/payments/index.ts';

/**
 * Matches what the payment provider did from `since` on with the store (payments' reconcileSince, given the orders
 * module's transfers of a part and the order of a payment): after a restore to `since`, every charge, refund and
 * transfer the provider made since is settled or recorded, or reported for a person.
 */
export function reconcileAfterRestore(
  db: Db,
  payments: Pick<PaymentProviders, 'active' | 'settle'>,
  since: Date,
  { dryRun = false, now = () => new Date() }: { dryRun?: boolean; now?: () => Date } = {},
): Promise<RestoreReconcileReport> {
  return reconcileSince(
    {
      db,
      provider: payments.active,
      settle: payments.settle,
      orders: {
        partTransfer,
        lostCancellation,
        orderOfPayment: async (tx, providerIntentId) =>
          (await paymentByTransactionId(tx, providerIntentId))?.orderId ?? null,
      },
      dryRun,
      now,
    },
    since,
  );
}

/** Exit codes: everything matched or settled; something needs a person; a dry run found work to do. */
export const RECONCILE_EXIT = { done: 0, needsPerson: 1, wouldChange: 3 } as const;

/** The report as the command prints it: one line per provider object, then the counts and what to do next. */
export function describeReport(report: RestoreReconcileReport, since: Date): { text: string; exitCode: number } {
  const rows = report.lines.map(
    (line) => `${line.kind.padEnd(8)} ${line.id.padEnd(30)} ${line.outcome.padEnd(12)} ${line.detail}`,
  );
  const counted = RECONCILE_OUTCOMES.filter((outcome) => report.counts[outcome] > 0)
    .map((outcome) => `${report.counts[outcome]} ${outcome}`)
    .join(', ');
  const total = report.lines.length;
  rows.push(`${total} provider object${total === 1 ? '' : 's'} since ${since.toISOString()}: ${counted || 'none'}.`);
  const { needs_person: needsPerson, would_change: wouldChange } = report.counts;
  if (needsPerson > 0) {
    rows.push(`${needsPerson} need${needsPerson === 1 ? 's' : ''} a person: do what each needs_person line says.`);
    return { text: rows.join('\n'), exitCode: RECONCILE_EXIT.needsPerson };
  }
  if (wouldChange > 0) {
    rows.push(
      `A dry run: run again without --dry-run to make the ${wouldChange} change${wouldChange === 1 ? '' : 's'}.`,
    );
    return { text: rows.join('\n'), exitCode: RECONCILE_EXIT.wouldChange };
  }
  rows.push('Everything the provider did is in the store.');
  return { text: rows.join('\n'), exitCode: RECONCILE_EXIT.done };
}

import type { Db } from '../db/client.ts';
import {
  type AttemptOptions,
  dueCaptureIds,
  dueRefundIds,
  dueReversalIds,
  dueTransferIds,
  type PaymentProvider,
  processCapture,
  processRefund,
  processReversal,
  processTransfer,
} from '../modules/payments/index.ts';

type RetryOptions = AttemptOptions & { limit?: number };
type Attempt = (
  db: Db,
  provider: PaymentProvider,
  id: string,
  options: AttemptOptions,
) => Promise<{ status: string } | null>;

/** Makes each due row with attemptAtProvider's `attempt` (decision 043), in turn; counts how many succeeded. */
async function retryDue(
  db: Db,
  provider: PaymentProvider,
  due: (db: Db, limit: number, now: Date) => Promise<string[]>,
  attempt: Attempt,
  { log, now = () => new Date(), limit = 50 }: RetryOptions,
) {
  const ids = await due(db, limit, now());
  let succeeded = 0;
  for (const id of ids) {
    const after = await attempt(db, provider, id, { log, now });
    if (after?.status === 'succeeded') succeeded += 1;
  }
  return { due: ids.length, succeeded };
}

/**
 * Pays out every pending refund whose next attempt is due (a refund the provider refused earlier, or one
 * whose process stopped before paying it out). processRefund claims each, so processes never pay one twice.
 */
export const retryDueRefunds = (db: Db, provider: PaymentProvider, options: RetryOptions = {}) =>
  retryDue(db, provider, dueRefundIds, processRefund, options);

/**
 * Makes every pending capture of weighed goods whose next attempt is due (one the provider refused, or one whose
 * process stopped between recording it and making it). processCapture claims each: never captured twice.
 */
export const retryDueCaptures = (db: Db, provider: PaymentProvider, options: RetryOptions = {}) =>
  retryDue(db, provider, dueCaptureIds, processCapture, options);

/**
 * Sends every due transfer to its shop (one the provider refused, one whose process stopped after recording it, or
 * one released when its shop's account was verified or its hold lifted), then the due reversals of refunds made after
 * a transfer. Both are claimed and keyed: never sent twice.
 */
export async function retryDueTransfers(db: Db, provider: PaymentProvider, options: RetryOptions = {}) {
  const sent = await retryDue(db, provider, dueTransferIds, processTransfer, options);
  const reversed = await retryDue(db, provider, dueReversalIds, processReversal, options);
  return { transfers: sent, reversals: reversed };
}

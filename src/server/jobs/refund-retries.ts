import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  dueCaptureIds,
  dueRefundIds,
  type PaymentProvider,
  processCapture,
  processRefund,
} from '../modules/payments/index.ts';

/**
 * Pays out every pending refund whose next attempt is due (a refund the provider refused earlier, or one
 * whose process stopped before paying it out). processRefund claims each, so processes never pay one twice.
 */
export async function retryDueRefunds(
  db: Db,
  provider: PaymentProvider,
  { log, now = () => new Date(), limit = 50 }: { log?: FastifyBaseLogger; now?: () => Date; limit?: number } = {},
) {
  const ids = await dueRefundIds(db, limit, now());
  let succeeded = 0;
  for (const id of ids) {
    const after = await processRefund(db, provider, id, { log, now });
    if (after?.status === 'succeeded') succeeded += 1;
  }
  return { due: ids.length, succeeded };
}

/**
 * Makes every pending capture of weighed goods whose next attempt is due (one the provider refused, or one whose
 * process stopped between recording it and making it). processCapture claims each: never captured twice.
 */
export async function retryDueCaptures(
  db: Db,
  provider: PaymentProvider,
  { log, now = () => new Date(), limit = 50 }: { log?: FastifyBaseLogger; now?: () => Date; limit?: number } = {},
) {
  const ids = await dueCaptureIds(db, limit, now());
  let succeeded = 0;
  for (const id of ids) {
    const after = await processCapture(db, provider, id, { log, now });
    if (after?.status === 'succeeded') succeeded += 1;
  }
  return { due: ids.length, succeeded };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { deleteEndedSignIns } from '../modules/auth/index.ts';
import { deleteOldCartAddRequests } from '../modules/cart/index.ts';
import {
  deleteOldFailedNotifications,
  deleteOldMailFiles,
  trimBellNotifications,
} from '../modules/notifications/index.ts';
import { deleteAbandonedIntents } from '../modules/payments/index.ts';

export type RetentionOptions = Config['retention'] & {
  /** Where e-mail files are written (DATA_DIR); undefined: no files to delete. */
  dataDir?: string;
};

export type RetentionReport = {
  abandonedPaymentIntents: number;
  refreshTokens: number;
  sessions: number;
  failedNotifications: number;
  mailFiles: number;
  bellNotifications: number;
  cartAddRequests: number;
};

/**
 * The daily retention run (issue 34, item 7): each owning module deletes what has no further use, by the
 * RETENTION_* settings. Idempotent: a second run the same day finds nothing more. Logs one line with the counts
 * (the count of failed outbox rows deleted is the trace they leave).
 */
export async function runRetention(
  db: Db,
  options: RetentionOptions,
  log?: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<RetentionReport> {
  const abandonedPaymentIntents = await deleteAbandonedIntents(db, options.abandonedPaymentDays, now);
  const signIns = await deleteEndedSignIns(db, options.sessionDays, now);
  const failedNotifications = await deleteOldFailedNotifications(db, options.failedNotificationDays, now);
  const mailFiles = options.dataDir ? await deleteOldMailFiles(options.dataDir, options.mailFileDays, now) : 0;
  const bellNotifications = await trimBellNotifications(db, options.bellPerUser);
  const cartAddRequests = await deleteOldCartAddRequests(db, options.cartAddRequestDays, now);
  const report = {
    abandonedPaymentIntents,
    refreshTokens: signIns.refreshTokens,
    sessions: signIns.sessions,
    failedNotifications,
    mailFiles,
    bellNotifications,
    cartAddRequests,
  };
  if (Object.values(report).some((n) => n > 0))
    log?.info({ retention: report }, 'Retention: old rows and files deleted');
  return report;
}

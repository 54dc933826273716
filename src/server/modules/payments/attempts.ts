import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { PaymentProvider } from './provider.ts';
import { captures, paymentIntents, type refunds, type transferReversals, type transfers } from './tables.ts';

/** A money row made with the provider and retried until it is: a capture, a refund, a transfer or a reversal. */
type MoneyTable = typeof captures | typeof refunds | typeof transfers | typeof transferReversals;
type RowOf<T extends MoneyTable> = T['$inferSelect'];

/** Who logs an attempt's failure, and the clock (tests move it past a backoff). */
export type AttemptOptions = { log?: FastifyBaseLogger; now?: () => Date };

/** A money row the provider keeps refusing is tried this many times, then marked failed for a person. */
const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** While one process calls the provider for a row, others leave it alone this long (then a crash is retried). */
const CLAIM_MS = 30_000;

/** Wait before attempt n + 1 after n failed attempts: 5 s, 10 s, 20 s, … up to an hour. */
const retryDelayMs = (failedAttempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), LONGEST_RETRY_MS);

/** A row's columns after its `attempts`-th attempt failed: pending with a later try, or failed. */
function failedAttempt(error: unknown, attempts: number, now: Date) {
  const failed = attempts >= MAX_ATTEMPTS;
  return {
    failed,
    columns: {
      status: failed ? ('failed' as const) : ('pending' as const),
      attempts,
      lastError: error instanceof Error ? error.message : String(error),
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
    },
  };
}

/** The columns every money row has that attemptAtProvider sets. */
type AttemptColumns = Partial<
  Pick<RowOf<typeof refunds>, 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'succeededAt'>
>;

/** One kind of money row, as attemptAtProvider makes it. */
type ProviderAttempt<T extends MoneyTable, Ready> = {
  table: T;
  /**
   * How the logs name the row: its id's field, what it is ("Refund failed, will retry"), what a person must do when
   * the last attempt failed ("Refund failed for good: a person must …"), and more fields for that error.
   */
  logAs: { idField: string; what: string; gaveUp: string; gaveUpFields?: (row: RowOf<T>) => Record<string, unknown> };
  /**
   * A row that may wait: what its call needs (a shop's verified account, a sent transfer), or undefined while it is
   * not ready; then `putOff` sets its columns, without counting an attempt.
   */
  waits?: { ready: (row: RowOf<T>) => Promise<Ready | undefined>; putOff: (now: Date) => Partial<RowOf<T>> };
  /** Calls the provider with the row's idempotency key; answers what to record with its success, or throws. */
  call: (row: RowOf<T>, ready: Ready) => Promise<Partial<RowOf<T>>>;
  /** Records the success in place of marking the row succeeded while it is still pending. */
  record?: (
    row: RowOf<T>,
    made: Partial<RowOf<T>>,
    attempt: { attempts: number; now: Date },
  ) => Promise<RowOf<T> | null>;
};

/**
 * The one way money rows are made with the provider and retried (decision 043). Claims the row (its next attempt
 * pushed CLAIM_MS ahead, where it is pending and due, so no other process calls the provider for it meanwhile and a
 * crash is retried after), without holding a transaction while the provider answers; then calls the provider with
 * the row's idempotency key, so a retry never moves money twice. Success: succeeded, one more attempt, no error.
 * Failure: still pending with the error, one more attempt and a next attempt backed off (5 s, 10 s, … an hour),
 * logged as a warning; after MAX_ATTEMPTS it is failed, logged as an error for a person. A row not ready is put off
 * without counting an attempt. Answers the row as it is afterwards (as it was when it was not due or not pending).
 */
export async function attemptAtProvider<T extends MoneyTable, Ready = undefined>(
  db: Db,
  id: string,
  { log, now = () => new Date() }: AttemptOptions = {},
  { table, logAs, waits, call, record }: ProviderAttempt<T, Ready>,
): Promise<RowOf<T> | null> {
  const update = (columns: Partial<RowOf<T>> | AttemptColumns, where: SQL | undefined): Promise<RowOf<T>[]> =>
    db
      .update(table as MoneyTable)
      .set(columns as PgUpdateSetSource<MoneyTable>)
      .where(where)
      .returning();
  const due = and(eq(table.id, id), eq(table.status, 'pending'), lte(table.nextAttemptAt, now()));
  const [row] = await update({ nextAttemptAt: new Date(now().getTime() + CLAIM_MS) }, due);
  if (!row) {
    const [current]: RowOf<T>[] = await db
      .select()
      .from(table as MoneyTable)
      .where(eq(table.id, id));
    return current ?? null;
  }
  const stillPending = and(eq(table.id, row.id), eq(table.status, 'pending'));
  const ready = waits ? await waits.ready(row) : (undefined as Ready);
  if (waits && ready === undefined) {
    const [later] = await update(waits.putOff(now()), stillPending);
    return later ?? null;
  }
  const attempts = row.attempts + 1;
  try {
    const made = await call(row, ready as Ready);
    if (record) return await record(row, made, { attempts, now: now() });
    const done = { ...made, status: 'succeeded', attempts, lastError: null, succeededAt: now() } as const;
    const [after] = await update(done, stillPending);
    return after ?? null;
  } catch (error) {
    const { failed, columns } = failedAttempt(error, attempts, now());
    const [after] = await update(columns, stillPending);
    const fields = { [logAs.idField]: row.id, ...(failed ? logAs.gaveUpFields?.(row) : {}) };
    const logged = { ...fields, attempts, lastError: columns.lastError };
    if (failed) log?.error(logged, `${logAs.what} failed for good: ${logAs.gaveUp}`);
    else log?.warn(logged, `${logAs.what} failed, will retry`);
    return after ?? null;
  }
}

/** The pending rows of a table whose next attempt is due, oldest first (the retry job's round). */
export async function dueIds(db: Tx, table: MoneyTable, limit: number, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now)))
    .orderBy(table.nextAttemptAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Locks a payment's row for the caller's transaction, so its refunds and capture are decided one at a time. */
export async function lockPayment(tx: Tx, paymentIntentId: string) {
  const [payment] = await tx
    .select({ id: paymentIntents.id, amountCents: paymentIntents.amountCents })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, paymentIntentId))
    .for('update');
  if (!payment) throw notFound('Payment');
  return payment;
}

/**
 * The provider's id of a payment, and whether it is only authorized (manual capture, not captured); throws when the
 * payment was made with another provider than the server's now.
 */
export async function paymentAtProvider(db: Tx, provider: PaymentProvider, paymentIntentId: string) {
  const funding = alias(paymentIntents, 'funding');
  const [payment] = await db
    .select({
      // A draw on a season's payment (decision 070) is that payment's charge at the provider.
      providerIntentId: sql<string>`coalesce(${funding.providerIntentId}, ${paymentIntents.providerIntentId})`,
      provider: paymentIntents.provider,
      uncaptured: sql<boolean>`${paymentIntents.captureMethod} = 'manual' AND ${captures.id} IS NULL`,
    })
    .from(paymentIntents)
    .leftJoin(captures, eq(captures.paymentIntentId, paymentIntents.id))
    .leftJoin(funding, eq(funding.id, paymentIntents.fundedBy))
    .where(eq(paymentIntents.id, paymentIntentId));
  if (payment.provider !== provider.name) {
    throw new Error(`This payment was made with ${payment.provider}, the server now uses ${provider.name}`);
  }
  return payment;
}

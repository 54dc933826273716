import { eq } from 'drizzle-orm';
import { formatMoney } from '#contract/money.ts';
import type { ProviderTransfer } from './provider.ts';
import type { ReconcileContext, ReconcileLine } from './reconcile-types.ts';
import { transfers } from './tables.ts';
import { markTransferMade, recordTransfer, transferKey } from './transfers.ts';

type Result = Omit<ReconcileLine, 'kind' | 'id'>;
const result = (outcome: Result['outcome'], detail: string): Result => ({ outcome, detail });

/** Undoes the transaction that looked at the part, answering this instead. */
class RollBack extends Error {
  readonly answer: Result;
  constructor(answer: Result) {
    super(answer.detail);
    this.answer = answer;
  }
}

/**
 * One transfer of the provider against the store: known by its provider id (ok); the store's transfer of the same
 * order and shop not marked sent (marked now, so it is never sent again); or lost in the restore (recorded for its
 * order's part as delivery records it, and marked sent, when it comes to the same amount). A transfer for an order the
 * store does not have, or of another amount, is for a person.
 */
export async function matchTransfer(context: ReconcileContext, transfer: ProviderTransfer): Promise<Result> {
  const { db, dryRun, now } = context;
  const money = formatMoney(transfer.amountCents);
  const [byId] = await db.select().from(transfers).where(eq(transfers.providerTransferId, transfer.id));
  if (byId) {
    if (byId.amountCents !== transfer.amountCents) {
      return result('needs_person', `${money} at the provider, ${formatMoney(byId.amountCents)} in the store`);
    }
    return result('ok', `${money} to the shop, in the ledger`);
  }
  const { orderId, shopId } = transfer.metadata;
  if (!orderId || !shopId) return result('needs_person', `${money} sent outside Farmstall (no order on it)`);
  const made = { providerTransferId: transfer.id, providerAccountId: transfer.destination, now: now() };
  const [byKey] = await db
    .select()
    .from(transfers)
    .where(eq(transfers.idempotencyKey, transferKey(orderId, shopId)));
  if (byKey) {
    if (byKey.amountCents !== transfer.amountCents || byKey.status === 'succeeded') {
      return result(
        'needs_person',
        `${money} sent for order ${orderId}, the store has ${formatMoney(byKey.amountCents)} ${byKey.status}: ` +
          'the shop may be paid twice',
      );
    }
    if (dryRun) return result('would_change', `${money}: would mark the store's ${byKey.status} transfer sent`);
    await db.transaction((tx) => markTransferMade(tx, byKey.id, made));
    return result('recorded', `${money}: the store's ${byKey.status} transfer is now sent, never to be sent again`);
  }
  try {
    await db.transaction(async (tx) => {
      const part = await context.orders.partTransfer(tx, orderId, shopId);
      const paidTwice = 'check what the shop was paid';
      if (!part) {
        throw new RollBack(
          result('needs_person', `${money} sent for order ${orderId}, not in the store: ${paidTwice}`),
        );
      }
      const { transfer: row } = await recordTransfer(tx, part);
      if (row.amountCents !== transfer.amountCents) {
        const recorded = formatMoney(row.amountCents);
        throw new RollBack(
          result('needs_person', `${money} sent for order ${orderId}, whose part comes to ${recorded}: ${paidTwice}`),
        );
      }
      if (dryRun) {
        throw new RollBack(result('would_change', `${money} lost in the restore: would record it sent for ${orderId}`));
      }
      await markTransferMade(tx, row.id, made);
    });
  } catch (error) {
    if (error instanceof RollBack) return error.answer;
    throw error;
  }
  return result(
    'recorded',
    `${money} lost in the restore: recorded as sent for order ${orderId}, not to be paid again`,
  );
}

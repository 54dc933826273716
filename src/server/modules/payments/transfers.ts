import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payableAccount } from '../payouts/index.ts';
import { type AttemptOptions, attemptAtProvider, dueIds, paymentAtProvider } from './attempts.ts';
import type { PaymentProvider } from './provider.ts';
import { transferReversals, transfers } from './tables.ts';

type TransferRow = typeof transfers.$inferSelect;

/** A shop is paid once for its part of an order: the key of that transfer, here and at the provider. */
export const transferKey = (orderId: string, shopId: string) => `transfer:${orderId}:${shopId}`;

/** One line of a shop's part as the transfer counts it: what the buyer paid for it, and its commission rate. */
export type PaidLine = { paidCents: number; commissionBps: number };

/** The commission on a shop's part: each line's rate on what was paid for it, plus the fee, never more than the goods. */
function commissionOf(lines: PaidLine[], feeCents: number): number {
  const goods = lines.reduce((sum, line) => sum + line.paidCents, 0);
  const percent = lines.reduce((sum, line) => sum + Math.round((line.paidCents * line.commissionBps) / 10_000), 0);
  return Math.min(goods, percent + feeCents);
}

/**
 * Records, in the caller's transaction, what a shop is owed for its part of an order that reached its last step:
 * what was paid for its live lines plus its delivery fee, less the commission. Sent right away (after commit) when
 * the shop has a verified account and is not held; otherwise it waits for them. Once per order and shop: a second
 * call answers the first. Answers the transfer and whether it is due now.
 */
export async function recordTransfer(
  tx: Tx,
  input: {
    orderId: string;
    shopId: string;
    paymentIntentId: string;
    lines: PaidLine[];
    deliveryCents: number;
    feeCents: number;
    /** The tax the buyer paid for these lines: kept by the marketplace (decision 028), not in `lines`. */
    taxCents: number;
    /** Not sent before this time: the shop may still take its last step back (decision 059). */
    notBefore?: Date;
  },
): Promise<{ transfer: TransferRow; due: boolean }> {
  const key = transferKey(input.orderId, input.shopId);
  const [existing] = await tx.select().from(transfers).where(eq(transfers.idempotencyKey, key));
  if (existing) return { transfer: existing, due: false };
  const goodsCents = input.lines.reduce((sum, line) => sum + line.paidCents, 0);
  const commissionCents = commissionOf(input.lines, input.feeCents);
  const amountCents = goodsCents + input.deliveryCents - commissionCents;
  const payable = await canBePaid(tx, input.shopId);
  const status = amountCents === 0 ? 'succeeded' : payable ? 'pending' : 'waiting';
  const [row] = await tx
    .insert(transfers)
    .values({
      orderId: input.orderId,
      shopId: input.shopId,
      paymentIntentId: input.paymentIntentId,
      goodsCents,
      deliveryCents: input.deliveryCents,
      commissionCents,
      amountCents,
      taxCents: input.taxCents,
      status,
      idempotencyKey: key,
      succeededAt: status === 'succeeded' ? new Date() : null,
      ...(input.notBefore ? { nextAttemptAt: input.notBefore } : {}),
    })
    .returning();
  return { transfer: row, due: status === 'pending' };
}

/**
 * Takes back, in the caller's transaction, the transfer of a shop's part whose last step the shop undid: answers
 * 'none' when none was recorded, 'withdrawn' when it was never sent (waiting, or pending and still held back by
 * `notBefore`: not yet claimed, as a claim pushes its next attempt CLAIM_MS ahead), 'sent' when it may have reached the
 * provider (the step then stays).
 */
export async function withdrawUnsentTransfer(
  tx: Tx,
  orderId: string,
  shopId: string,
  heldUpToMs: number,
): Promise<'none' | 'withdrawn' | 'sent'> {
  const [row] = await tx
    .select()
    .from(transfers)
    .where(eq(transfers.idempotencyKey, transferKey(orderId, shopId)));
  if (!row) return 'none';
  const [gone] = await tx
    .delete(transfers)
    .where(
      and(
        eq(transfers.id, row.id),
        eq(transfers.attempts, 0),
        sql`(${transfers.status} = 'waiting' OR (${transfers.status} IN ('pending', 'succeeded') AND ${transfers.amountCents} = 0) OR (${transfers.status} = 'pending' AND ${transfers.nextAttemptAt} > now() AND ${transfers.nextAttemptAt} <= now() + make_interval(secs => ${heldUpToMs / 1000})))`,
      ),
    )
    .returning({ id: transfers.id });
  return gone ? 'withdrawn' : 'sent';
}

const canBePaid = async (db: Tx, shopId: string) => (await payableAccount(db, shopId)) !== null;

/** The shop's transfers that waited for a verified account or a released hold: due now. Answers their ids. */
export async function releaseWaitingTransfers(tx: Tx, shopId: string): Promise<string[]> {
  if (!(await canBePaid(tx, shopId))) return [];
  const released = await tx
    .update(transfers)
    .set({ status: 'pending', nextAttemptAt: new Date() })
    .where(and(eq(transfers.shopId, shopId), eq(transfers.status, 'waiting')))
    .returning({ id: transfers.id });
  return released.map((row) => row.id);
}

/**
 * Sends one pending transfer to the shop's account, from the order's charge (source_transaction), like processRefund
 * pays a refund (attemptAtProvider: claimed, keyed, backed off on failure). A shop no longer payable (held meanwhile,
 * or its account with another provider) makes it wait again.
 */
export const processTransfer = (db: Db, provider: PaymentProvider, transferId: string, options?: AttemptOptions) =>
  attemptAtProvider(db, transferId, options, {
    table: transfers,
    logAs: { idField: 'transferId', what: 'Transfer', gaveUp: 'a person must pay this shop' },
    waits: {
      ready: async (transfer) => {
        const account = await payableAccount(db, transfer.shopId);
        return account?.provider === provider.name ? account : undefined;
      },
      putOff: () => ({ status: 'waiting' }),
    },
    call: async (transfer, account) => {
      const payment = await paymentAtProvider(db, provider, transfer.paymentIntentId);
      const charge = (await provider.retrieveIntent(payment.providerIntentId))?.chargeId;
      if (!charge) throw new Error('The order’s charge is not captured yet');
      const { transferId: providerTransferId } = await provider.transfer({
        amountCents: transfer.amountCents,
        destination: account.accountId,
        sourceTransaction: charge,
        idempotencyKey: transfer.idempotencyKey,
        metadata: { orderId: transfer.orderId, shopId: transfer.shopId },
      });
      return { providerTransferId, providerAccountId: account.accountId };
    },
  });

/** Pending transfers whose next attempt is due, oldest first. */
export const dueTransferIds = (db: Tx, limit: number, now = new Date()) => dueIds(db, transfers, limit, now);

/**
 * When a refund is given for a shop's part whose transfer is recorded, records (in the refund's transaction) the
 * part of it the shop gives back (taken back from the transfer) and the commission and tax the marketplace gives
 * back, in proportion to what the buyer paid for the part (goods, tax, delivery); the last refund takes exactly what
 * is left of each. Answers the reversal to make, or null when the part has no transfer.
 */
export async function recordReversal(
  tx: Tx,
  input: { orderId: string; shopId: string; refundId: string; refundCents: number },
): Promise<{ id: string; amountCents: number } | null> {
  const [transfer] = await tx
    .select()
    .from(transfers)
    .where(and(eq(transfers.orderId, input.orderId), eq(transfers.shopId, input.shopId)))
    .for('update');
  if (!transfer) return null;
  const [given] = await tx
    .select({
      amount: sql<number>`coalesce(sum(${transferReversals.amountCents}), 0)::int`,
      commission: sql<number>`coalesce(sum(${transferReversals.commissionCents}), 0)::int`,
      tax: sql<number>`coalesce(sum(${transferReversals.taxCents}), 0)::int`,
    })
    .from(transferReversals)
    .where(
      and(eq(transferReversals.transferId, transfer.id), inArray(transferReversals.status, ['pending', 'succeeded'])),
    );
  const total = transfer.goodsCents + transfer.taxCents + transfer.deliveryCents;
  const shareOf = (cents: number) => (total === 0 ? 0 : Math.floor((input.refundCents * cents) / total));
  const commissionLeft = transfer.commissionCents - given.commission;
  const taxLeft = transfer.taxCents - given.tax;
  const amountLeft = transfer.amountCents - given.amount;
  const commissionShare = Math.min(shareOf(transfer.commissionCents), commissionLeft);
  const taxShare = Math.min(shareOf(transfer.taxCents), taxLeft);
  const amountCents = Math.min(amountLeft, input.refundCents - commissionShare - taxShare);
  // What the shop does not give back is the marketplace's: its tax share first (up to what is left), then commission.
  const taxCents = Math.min(taxLeft, input.refundCents - amountCents - commissionShare);
  const commissionCents = input.refundCents - amountCents - taxCents;
  const [row] = await tx
    .insert(transferReversals)
    .values({
      transferId: transfer.id,
      refundId: input.refundId,
      amountCents,
      commissionCents,
      taxCents,
      status: amountCents === 0 ? 'succeeded' : 'pending',
      idempotencyKey: `reversal:${input.refundId}`,
      succeededAt: amountCents === 0 ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning({ id: transferReversals.id, amountCents: transferReversals.amountCents });
  return row ?? null;
}

/** While its transfer is not sent, a reversal waits this long between looks. */
const REVERSAL_WAIT_MS = 60_000;

/**
 * Takes one pending reversal back from its transfer at the provider (attemptAtProvider: claimed, keyed, backed off
 * like a refund). A transfer not sent yet (waiting for the shop's account) is sent in full first, so the reversal
 * waits for it, looking again every REVERSAL_WAIT_MS without counting an attempt.
 */
export const processReversal = (db: Db, provider: PaymentProvider, reversalId: string, options?: AttemptOptions) =>
  attemptAtProvider(db, reversalId, options, {
    table: transferReversals,
    logAs: { idField: 'reversalId', what: 'Transfer reversal', gaveUp: 'a person must act' },
    waits: {
      ready: async (reversal) => {
        const [transfer] = await db.select().from(transfers).where(eq(transfers.id, reversal.transferId));
        return (transfer.status === 'succeeded' && transfer.providerTransferId) || undefined;
      },
      putOff: (now) => ({ nextAttemptAt: new Date(now.getTime() + REVERSAL_WAIT_MS) }),
    },
    call: async (reversal, providerTransferId) => {
      const { reversalId: providerReversalId } = await provider.reverseTransfer(providerTransferId, {
        amountCents: reversal.amountCents,
        idempotencyKey: reversal.idempotencyKey,
      });
      return { providerReversalId };
    },
  });

/** Pending reversals whose next look is due, oldest first. */
export const dueReversalIds = (db: Tx, limit: number, now = new Date()) => dueIds(db, transferReversals, limit, now);

/** Sends recorded transfers and reversals after their transaction committed; one refused now is left to the job. */
export async function sendPayouts(
  db: Db,
  provider: PaymentProvider,
  ids: { transferIds?: string[]; reversalIds?: string[] },
  options: AttemptOptions = {},
) {
  for (const id of ids.transferIds ?? []) {
    try {
      await processTransfer(db, provider, id, options);
    } catch (error) {
      options.log?.error({ err: error, transferId: id }, 'Sending a transfer failed; the job will retry');
    }
  }
  for (const id of ids.reversalIds ?? []) {
    try {
      await processReversal(db, provider, id, options);
    } catch (error) {
      options.log?.error({ err: error, reversalId: id }, 'Reversing a transfer failed; the job will retry');
    }
  }
}

/**
 * Records that the provider made a transfer the store had not marked sent (a store restored to before it): the row is
 * succeeded with the provider's id, so it is never sent again. Answers the transfer, or null when it was already sent.
 */
export async function markTransferMade(
  tx: Tx,
  transferId: string,
  { providerTransferId, providerAccountId, now }: { providerTransferId: string; providerAccountId: string; now: Date },
): Promise<TransferRow | null> {
  const [done] = await tx
    .update(transfers)
    .set({ status: 'succeeded', providerTransferId, providerAccountId, lastError: null, succeededAt: now })
    .where(and(eq(transfers.id, transferId), inArray(transfers.status, ['waiting', 'pending', 'failed'])))
    .returning();
  return done ?? null;
}

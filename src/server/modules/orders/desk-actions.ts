import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { dollarsToCents, formatMoney } from '#contract/money.ts';
import type { DeskCancelInput, DeskRefundInput } from '#contract/order-desk.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { emailAgain } from '../notifications/index.ts';
import { keepRefundNote, type PaymentProvider, refundsOfOrders } from '../payments/index.ts';
import { refundDeliveredPart, updateVendorOrder } from './fulfilment.ts';
import { receiptOf } from './order-notices.ts';
import { resolveReport } from './problem-reports.ts';
import { feeRefundKey, lineRefundKey } from './refund-shares.ts';
import { orderLines } from './tables.ts';

type Admin = { id: string; name: string };
type Part = { orderId: string; shopId: string };

/**
 * The desk gives money back for a delivered part or one of its lines through the one way refunds after delivery are
 * given (refundDeliveredPart: its caps, its key, the shop's share reversed), keeping why and who with the refund.
 */
export function deskRefund(
  db: Db,
  provider: PaymentProvider,
  part: Part,
  input: DeskRefundInput,
  admin: Admin,
  log?: FastifyBaseLogger,
) {
  return refundDeliveredPart(
    db,
    provider,
    {
      ...part,
      lineId: input.lineId,
      quantity: input.quantity,
      amountCents: input.amount === undefined ? undefined : dollarsToCents(input.amount),
      key: input.key,
      keep: async (tx, refundId) => {
        await keepRefundNote(tx, refundId, { cause: input.cause, note: input.note, by: admin });
        if (input.reportId)
          await resolveWithRefund(tx, { ...part, refundId, lineId: input.lineId }, input.reportId, admin);
      },
    },
    log,
  );
}

/** The report a desk refund answers is resolved with it: 'Refunded $4.00 for Carrots'. */
async function resolveWithRefund(
  tx: Tx,
  given: Part & { refundId: string; lineId?: string },
  reportId: string,
  admin: Admin,
) {
  const refund = (await refundsOfOrders(tx, [given.orderId])).find((r) => r.id === given.refundId);
  const [line] = given.lineId
    ? await tx.select({ itemName: orderLines.itemName }).from(orderLines).where(eq(orderLines.id, given.lineId))
    : [];
  const what = line ? line.itemName : 'the part';
  await resolveReport(tx, reportId, `Refunded ${formatMoney(refund?.amountCents ?? 0)} for ${what}`, admin, given);
}

/**
 * The desk cancels a part not yet delivered as its shop would (updateVendorOrder: the same steps allowed, stock and
 * slot back, the refunds of its lines and delivery fee), then keeps why and who with those refunds.
 */
export async function deskCancel(
  db: Db,
  provider: PaymentProvider,
  { orderId, shopId }: Part,
  input: DeskCancelInput,
  admin: Admin,
  log?: FastifyBaseLogger,
) {
  await updateVendorOrder(db, provider, shopId, orderId, 'cancelled', log);
  const lines = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.vendorId, shopId)));
  const keys = new Set([...lines.map((line) => lineRefundKey(line.id)), feeRefundKey(orderId, shopId)]);
  const refunds = (await refundsOfOrders(db, [orderId])).filter((refund) => keys.has(refund.idempotencyKey));
  await db.transaction(async (tx) => {
    for (const refund of refunds) {
      await keepRefundNote(tx, refund.id, { cause: input.cause, note: input.note, by: admin });
    }
  });
}

/** The receipt e-mail, as it reads now, goes to the shopper again through the outbox. Answers where it goes. */
export async function resendReceipt(db: Db, orderId: string): Promise<{ to: string }> {
  return db.transaction(async (tx) => {
    const [line] = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
    if (!line) throw notFound('Order');
    const { buyer, event } = await receiptOf(tx, orderId);
    if (!(await emailAgain(tx, buyer, event))) {
      throw conflict('The shopper’s account is erased: there is no one to send the receipt to');
    }
    return { to: buyer.email };
  });
}

import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { refundsOfOrders } from '../payments/index.ts';
import type { LedgerTransfer, SoldLine } from '../payouts/index.ts';
import { chargedOf, goodsShares } from './refund-shares.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

/**
 * The lines of the shop's parts whose transfers are in `recorded`, each with its share of the charge: the same
 * shares the transfer counted (goodsShares over the lines the charge paid for). Two statements for all the orders.
 */
export async function soldLinesOf(db: Tx, shopId: string, recorded: readonly LedgerTransfer[]): Promise<SoldLine[]> {
  const orderIds = recorded.map((transfer) => transfer.orderId);
  if (orderIds.length === 0) return [];
  const lines = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      vendorId: orderLines.vendorId,
      itemName: orderLines.itemName,
      amount: orderLines.amount,
      totalCents: orderLines.totalCents,
      unitPriceCents: orderLines.unitPriceCents,
      status: orderLines.status,
      estimatedGrams: orderLines.estimatedGrams,
      actualGrams: orderLines.actualGrams,
      commissionBps: orderLines.commissionBps,
      taxBps: orderLines.taxBps,
      taxCents: orderLines.taxCents,
      taxIncluded: customerPayments.taxIncluded,
      // The goods' charge without the tax it added (decision 028), which paidLineShares splits too.
      goodsChargedCents: sql<number>`(${customerPayments.priceCents} - ${customerPayments.deliveryCents} - CASE WHEN ${customerPayments.taxIncluded} THEN 0 ELSE ${customerPayments.taxCents} END)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
    .innerJoin(customerPayments, sql`${customerPayments.id} = ${orders.paymentId}`)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.orderId, orderLines.createdAt, orderLines.id);
  const refundKeys = new Set((await refundsOfOrders(db, orderIds)).map((refund) => refund.idempotencyKey));
  return recorded.flatMap((transfer) => {
    const ofOrder = lines.filter((line) => line.orderId === transfer.orderId);
    if (ofOrder.length === 0) return [];
    const captured = transfer.captureMethod === 'manual';
    const charged = chargedOf(ofOrder, captured, new Set(), refundKeys);
    const shares = goodsShares(charged, ofOrder[0].goodsChargedCents, captured);
    const shareOf = new Map(charged.map((line, index) => [line.id, shares[index]]));
    return ofOrder
      .filter((line) => line.vendorId === shopId && line.status !== 'cancelled')
      .map((line) => ({
        orderId: line.orderId,
        itemName: line.itemName,
        amount: line.amount,
        grams: line.actualGrams ?? line.estimatedGrams,
        weighed: line.actualGrams !== null,
        // The shop's goods: its share without the tax in it, which the marketplace keeps.
        paidCents: (shareOf.get(line.id) ?? 0) - (line.taxIncluded ? line.taxCents : 0),
        commissionBps: line.commissionBps,
        taxBps: line.taxBps,
        taxCents: line.taxCents,
      }));
  });
}

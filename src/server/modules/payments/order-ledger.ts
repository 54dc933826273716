import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { captures, paymentIntents, transferReversals, transfers } from './tables.ts';

/**
 * An order's payment as the ledger has it, for the order desk: the intent (charged at checkout, or a hold of weighed
 * goods) and its capture, and the transfers to the shops with what refunds took back of each. Null intent: the
 * order was not paid through us (imported or demo data).
 */
export async function ledgerOfOrder(tx: Tx, orderId: string, provider: string, providerIntentId: string) {
  const [intent] = await tx
    .select({
      id: paymentIntents.id,
      providerIntentId: paymentIntents.providerIntentId,
      amountCents: paymentIntents.amountCents,
      captureMethod: paymentIntents.captureMethod,
      status: paymentIntents.status,
      paidAt: paymentIntents.paidAt,
      createdAt: paymentIntents.createdAt,
    })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.provider, provider), eq(paymentIntents.providerIntentId, providerIntentId)));
  const [capture] = intent
    ? await tx
        .select({
          amountCents: captures.amountCents,
          status: captures.status,
          createdAt: captures.createdAt,
          succeededAt: captures.succeededAt,
        })
        .from(captures)
        .where(eq(captures.paymentIntentId, intent.id))
    : [];
  const shopTransfers = await tx
    .select({
      id: transfers.id,
      shopId: transfers.shopId,
      amountCents: transfers.amountCents,
      commissionCents: transfers.commissionCents,
      status: transfers.status,
      createdAt: transfers.createdAt,
    })
    .from(transfers)
    .where(eq(transfers.orderId, orderId))
    .orderBy(asc(transfers.createdAt), asc(transfers.id));
  const reversals = shopTransfers.length
    ? await tx
        .select({ transferId: transferReversals.transferId, amountCents: transferReversals.amountCents })
        .from(transferReversals)
        .where(
          and(
            inArray(
              transferReversals.transferId,
              shopTransfers.map((transfer) => transfer.id),
            ),
            inArray(transferReversals.status, ['pending', 'succeeded']),
          ),
        )
    : [];
  const reversedOf = (id: string) =>
    reversals.filter((r) => r.transferId === id).reduce((sum, r) => sum + r.amountCents, 0);
  return {
    intent: intent ?? null,
    capture: capture ?? null,
    transfers: shopTransfers.map((transfer) => ({ ...transfer, reversedCents: reversedOf(transfer.id) })),
  };
}

import { and, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { lineTaxCents, orderTax } from '#contract/tax.ts';
import { holdCents } from '#contract/weighed.ts';
import type { Tx } from '../../db/client.ts';
import { authorizationsOf, awaitingCapture, findIntent, refundsOfOrders } from '../payments/index.ts';
import {
  chargedOf,
  estimateCents,
  feeRefundKey,
  goodsShares,
  lineRefundKey,
  paidShares,
  partRefundPrefix,
} from './refund-shares.ts';
import { customerPayments, orderFulfilments, orderLines, orders } from './tables.ts';

/** `select` (from orders, as a Drizzle dynamic query) of the order `orderId` only, joined to its payment. */
export const ofOrderWithPayment = <T extends PgSelect>(select: T, orderId: string) =>
  select.innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId)).where(eq(orders.id, orderId));

/** `select` (from order_lines, as a Drizzle dynamic query) of the order's lines only, in the order they were sold. */
export const ofOrderLines = <T extends PgSelect>(select: T, orderId: string) =>
  select.where(eq(orderLines.orderId, orderId)).orderBy(orderLines.createdAt, orderLines.id);

/** The payment of an order, as its money is read from it. */
export async function paymentOfOrder(tx: Tx, orderId: string) {
  const select = tx
    .select({
      id: customerPayments.id,
      priceCents: customerPayments.priceCents,
      deliveryCents: customerPayments.deliveryCents,
      discountCents: customerPayments.discountCents,
      taxCents: customerPayments.taxCents,
      taxIncluded: customerPayments.taxIncluded,
      provider: customerPayments.provider,
      transactionId: customerPayments.transactionId,
    })
    .from(orders);
  const [payment] = await ofOrderWithPayment(select.$dynamic(), orderId);
  return payment;
}

/** An order's lines as its money is read from them, in the order they were sold. */
const moneyLinesOf = (tx: Tx, orderId: string) =>
  ofOrderLines(
    tx
      .select({
        id: orderLines.id,
        vendorId: orderLines.vendorId,
        shopName: orderLines.shopName,
        status: orderLines.status,
        totalCents: orderLines.totalCents,
        estimatedGrams: orderLines.estimatedGrams,
        unitPriceCents: orderLines.unitPriceCents,
        taxBps: orderLines.taxBps,
        taxCents: orderLines.taxCents,
      })
      .from(orderLines)
      .$dynamic(),
    orderId,
  );

/** The order's lines the charge paid for (chargedOf). */
async function chargedLines(tx: Tx, orderId: string, captured: boolean, cancelling: { id: string }[]) {
  const lines = await moneyLinesOf(tx, orderId);
  if (!captured) return lines;
  const now = new Set(cancelling.map((line) => line.id));
  const refunded = new Set((await refundsOfOrders(tx, [orderId])).map((refund) => refund.idempotencyKey));
  return chargedOf(lines, captured, now, refunded);
}

/** What the buyer paid for one line (with its tax) and the tax in it, which the marketplace keeps (decision 028). */
type PaidLine = { paidCents: number; taxCents: number };

/**
 * What the buyer paid for each line of an order (its share of the goods' charge after any coupon, plus the tax the
 * charge added for it), by line id, with the order's payment; null when nothing was charged through us (imported or
 * demo data) or weighed goods are only authorized (nothing charged yet). Refunds, the shops' transfers and every
 * message about the order read the same shares, so they add up.
 */
export async function paidLineShares(tx: Tx, orderId: string, cancelling: { id: string }[]) {
  const payment = await paymentOfOrder(tx, orderId);
  const intent = await findIntent(tx, payment.provider, payment.transactionId);
  if (!intent || (await awaitingCapture(tx, intent.id))) return null;
  const captured = intent.captureMethod === 'manual';
  const lines = await chargedLines(tx, orderId, captured, cancelling);
  const added = payment.taxIncluded ? 0 : payment.taxCents;
  const shares = goodsShares(lines, payment.priceCents - payment.deliveryCents - added, captured);
  const paid = (share: number, taxCents: number): PaidLine => ({
    paidCents: share + (payment.taxIncluded ? 0 : taxCents),
    taxCents,
  });
  const shareOf = new Map(lines.map((line, index) => [line.id, paid(shares[index], line.taxCents)]));
  return { intentId: intent.id, shareOf };
}

/** A shop's delivery fee for its part of an order (0 without a slot). */
export async function partFeeCents(tx: Tx, orderId: string, shopId: string): Promise<number> {
  const [part] = await tx
    .select({ feeCents: orderFulfilments.feeCents })
    .from(orderFulfilments)
    .where(and(eq(orderFulfilments.orderId, orderId), eq(orderFulfilments.shopId, shopId)));
  return part?.feeCents ?? 0;
}

/**
 * What an order now costs: its live lines at their actual totals, less their share of the coupon (the coupon split
 * over the lines as estimated at checkout), plus the delivery fees of the shops with live lines, plus the tax on
 * each live line's price after its coupon share when prices exclude tax (decision 028).
 */
export async function orderCost(tx: Tx, orderId: string, discountCents: number, taxIncluded: boolean) {
  const lines = await moneyLinesOf(tx, orderId);
  const quoted = paidShares(lines.map(estimateCents), discountCents);
  const alive = lines.filter((line) => line.status !== 'cancelled');
  // The live lines' coupon, split again over their estimates as goodsShares splits it after the capture.
  const liveQuoted = lines.reduce((sum, line, index) => sum + (line.status === 'cancelled' ? 0 : quoted[index]), 0);
  const discounts = paidShares(alive.map(estimateCents), liveQuoted);
  const live = alive.map((line, index) => ({ ...line, discount: discounts[index] }));
  const liveShops = new Set(live.map((line) => line.vendorId));
  const fees = await tx
    .select({ shopId: orderFulfilments.shopId, feeCents: orderFulfilments.feeCents })
    .from(orderFulfilments)
    .where(eq(orderFulfilments.orderId, orderId));
  const subtotalCents = live.reduce((sum, line) => sum + line.totalCents, 0);
  const liveDiscountCents = Math.min(
    subtotalCents,
    live.reduce((sum, line) => sum + line.discount, 0),
  );
  const deliveryCents = fees.filter((f) => liveShops.has(f.shopId)).reduce((sum, f) => sum + f.feeCents, 0);
  const taxCents = live.map((line) =>
    lineTaxCents(Math.max(0, line.totalCents - line.discount), line.taxBps, taxIncluded),
  );
  // The hold waits only for the shops weighing: another shop's part is charged whatever its step.
  const weighing = new Set(live.filter((line) => line.estimatedGrams !== null).map((line) => line.vendorId));
  return {
    pending: live.some((line) => line.status === 'pending' && weighing.has(line.vendorId)),
    live,
    fees,
    subtotalCents,
    discountCents: liveDiscountCents,
    deliveryCents,
    taxCents,
    addedTaxCents: taxIncluded ? 0 : taxCents.reduce((sum, tax) => sum + tax, 0),
  };
}

/** A shop's part of an order in money, as every message about it says it (cents). */
export type ShopMoney = {
  shopId: string;
  shopName: string;
  cancelled: boolean;
  /** What its live lines, their tax and its delivery fee cost now: at their estimate until weighed. */
  estimateCents: number;
  /** Its share of the card hold while weighed goods are only authorized; null otherwise. */
  heldCents: number | null;
  /** What was charged for it; null while the card is only held. */
  chargedCents: number | null;
  /** Refunds given, or being given, for it. */
  refundedCents: number;
  /** What cancelling it now gives back: what was charged for it, or its share of the hold, released. */
  onCancel: { refundCents: number; releaseCents: number };
};

/**
 * An order's money as the ledger has it: `paid` (charged at checkout), `held` (weighed goods authorized, the capture
 * not decided), `charged` (the hold captured, the rest released) or `released` (the hold captured for nothing).
 */
export type OrderMoney = {
  state: 'paid' | 'held' | 'charged' | 'released';
  /** The card hold (weighed goods); null for a payment charged at checkout. */
  heldCents: number | null;
  /** What was charged; null while only held. */
  chargedCents: number | null;
  /** What the live lines cost now: the charge once charged, the estimate (or the weighed prices) while held. */
  estimateCents: number;
  /** What of the hold is given back: the cancelled parts' shares while held, all but the charge once captured. */
  releasedCents: number;
  refundedCents: number;
  /** The live lines' subtotal, coupon and delivery fees: at their estimate while held, as charged after. */
  live: { subtotalCents: number; discountCents: number; deliveryCents: number };
  shops: ShopMoney[];
};

type MoneyLine = {
  id: string;
  vendorId: string;
  shopName: string;
  status: string;
  totalCents: number;
  estimatedGrams: number | null;
  unitPriceCents: number;
  taxBps: number;
};

/** Each line's share of the card hold (goods after the coupon, plus the tax the hold added), in the lines' order. */
function heldLineCents(lines: MoneyLine[], discountCents: number, included: boolean): number[] {
  const held = lines.map((line) => {
    const estimate = estimateCents(line);
    return { totalCents: line.estimatedGrams === null ? estimate : holdCents(estimate), taxBps: line.taxBps };
  });
  const tax = orderTax(held, discountCents, included);
  return tax.baseCents.map((base, index) => base + (included ? 0 : tax.taxCents[index]));
}

/** The order's money, per shop and in all, from its payment, lines, fees, refunds and capture. */
export async function orderMoney(tx: Tx, orderId: string): Promise<OrderMoney> {
  const payment = await paymentOfOrder(tx, orderId);
  const lines: MoneyLine[] = await moneyLinesOf(tx, orderId);
  const refunds = (await refundsOfOrders(tx, [orderId])).filter((refund) => refund.status !== 'failed');
  const [hold] = await authorizationsOf(tx, [payment.transactionId]);
  const cost = await orderCost(tx, orderId, payment.discountCents, payment.taxIncluded);
  const feeOf = new Map(cost.fees.map((fee) => [fee.shopId, fee.feeCents]));
  const shopIds = [...new Set(lines.map((line) => line.vendorId))];
  const linesOf = (shopId: string) => lines.filter((line) => line.vendorId === shopId);
  const isCancelled = (shopId: string) => linesOf(shopId).every((line) => line.status === 'cancelled');

  const refundedOf = (shopId: string) => {
    const keys = new Set([...linesOf(shopId).map((line) => lineRefundKey(line.id)), feeRefundKey(orderId, shopId)]);
    return refunds
      .filter((r) => keys.has(r.idempotencyKey) || r.idempotencyKey.startsWith(partRefundPrefix(orderId, shopId)))
      .reduce((sum, r) => sum + r.amountCents, 0);
  };
  const estimateOf = (shopId: string) => {
    const live = cost.live.map((line, index) => ({ line, index })).filter(({ line }) => line.vendorId === shopId);
    if (live.length === 0) return 0;
    const goods = live.reduce(
      (sum, { line, index }) =>
        sum + line.totalCents - line.discount + (payment.taxIncluded ? 0 : cost.taxCents[index]),
      0,
    );
    return goods + (feeOf.get(shopId) ?? 0);
  };
  const refundedCents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);

  if (hold && hold.capturedCents === null) {
    const shares = heldLineCents(lines, payment.discountCents, payment.taxIncluded);
    const perShop = shopIds.map(
      (shopId) =>
        lines.reduce((sum, line, index) => sum + (line.vendorId === shopId ? shares[index] : 0), 0) +
        (feeOf.get(shopId) ?? 0),
    );
    // The hold as authorized is the truth; a rounding difference (none expected) is spread so the parts add up.
    const held =
      perShop.reduce((sum, cents) => sum + cents, 0) === hold.authorizedCents
        ? perShop
        : paidShares(perShop, hold.authorizedCents);
    const shops = shopIds.map((shopId, index) => ({
      shopId,
      shopName: linesOf(shopId)[0].shopName,
      cancelled: isCancelled(shopId),
      estimateCents: estimateOf(shopId),
      heldCents: held[index],
      chargedCents: null,
      refundedCents: refundedOf(shopId),
      onCancel: { refundCents: 0, releaseCents: isCancelled(shopId) ? 0 : held[index] },
    }));
    return {
      state: 'held',
      heldCents: hold.authorizedCents,
      chargedCents: null,
      estimateCents: shops.reduce((sum, shop) => sum + shop.estimateCents, 0),
      releasedCents: shops.reduce((sum, shop, index) => sum + (shop.cancelled ? held[index] : 0), 0),
      refundedCents,
      live: { subtotalCents: cost.subtotalCents, discountCents: cost.discountCents, deliveryCents: cost.deliveryCents },
      shops,
    };
  }

  const paid = await paidLineShares(tx, orderId, []);
  const chargedIds = paid ? new Set(paid.shareOf.keys()) : new Set(lines.map((line) => line.id));
  // Without a payment through us (imported or demo orders), the price split over the lines by their totals.
  const fallback = paidShares(
    lines.map((line) => line.totalCents),
    payment.priceCents - [...feeOf.values()].reduce((sum, fee) => sum + fee, 0),
  );
  const paidOf = (line: MoneyLine, index: number) =>
    paid?.shareOf.get(line.id)?.paidCents ?? (paid ? 0 : fallback[index]);
  const shops = shopIds.map((shopId) => {
    const charged = lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => line.vendorId === shopId && chargedIds.has(line.id));
    const fee = charged.length > 0 ? (feeOf.get(shopId) ?? 0) : 0;
    const chargedCents = charged.reduce((sum, { line, index }) => sum + paidOf(line, index), 0) + fee;
    const feeRefunded = refunds.some((refund) => refund.idempotencyKey === feeRefundKey(orderId, shopId));
    const liveCharged = charged.filter(({ line }) => line.status !== 'cancelled');
    const cancelled = isCancelled(shopId);
    return {
      shopId,
      shopName: linesOf(shopId)[0].shopName,
      cancelled,
      estimateCents: cancelled ? 0 : chargedCents,
      heldCents: null,
      chargedCents,
      refundedCents: refundedOf(shopId),
      onCancel: {
        // Nothing charged through us (imported or demo orders): a cancellation refunds nothing.
        refundCents:
          cancelled || !paid
            ? 0
            : liveCharged.reduce((sum, { line, index }) => sum + paidOf(line, index), 0) + (feeRefunded ? 0 : fee),
        releaseCents: 0,
      },
    };
  });
  const chargedCents = hold ? (hold.capturedCents ?? 0) : payment.priceCents;
  return {
    state: !hold ? 'paid' : chargedCents === 0 ? 'released' : 'charged',
    heldCents: hold?.authorizedCents ?? null,
    chargedCents,
    estimateCents: chargedCents,
    releasedCents: hold ? hold.authorizedCents - chargedCents : 0,
    refundedCents,
    live: { subtotalCents: cost.subtotalCents, discountCents: cost.discountCents, deliveryCents: cost.deliveryCents },
    shops,
  };
}

import { FULFILMENT_ERROR_CODES } from '#contract/checkout-plan.ts';
import { lineCents } from '#contract/weighed.ts';
import { AppError } from '../../errors.ts';
import {
  type CartPlan,
  cartTax,
  clearShopChoices,
  hasWeighedGoods,
  holdSubtotalCents,
  lineName,
  lockCartLinesForCheckout,
  planCart,
  removeCartLines,
  subtotalCents,
  unavailableMessage,
  unavailableReason,
} from '../cart/index.ts';
import { takeStock } from '../catalog/index.ts';
import { redeemCoupon } from '../coupons/index.ts';
import { type NewFulfilment, notifyOrderPlaced, recordOrder } from '../orders/index.ts';
import { CannotSettle, type FulfilOrder } from '../payments/index.ts';
import { bookSlots } from '../slots/index.ts';

/** A rule of another module refused (a coupon used up meanwhile, a slot filled, …): the charge is refunded. */
async function orRefund<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const code = FULFILMENT_ERROR_CODES.find((known) => known === error.code) ?? null;
    throw new CannotSettle(error.message, 'cannot_fulfil', code);
  }
}

/** What is recorded with the order for each shop whose part has a slot. */
function fulfilmentsOf(plan: CartPlan): NewFulfilment[] {
  return plan.parts.flatMap((part) => {
    const { slot, choice } = part;
    if (!slot || !choice) return [];
    return [
      {
        shopId: part.shopId,
        shopName: part.shopName,
        kind: slot.kind,
        windowId: slot.windowId,
        slotDate: slot.date,
        startsAt: new Date(slot.start),
        endsAt: new Date(slot.end),
        timeZone: slot.timeZone,
        pickupPoint: slot.pickupPoint && { name: slot.pickupPoint.name, address: slot.pickupPoint.address },
        deliveryAddress: slot.kind === 'delivery' ? plan.address : null,
        feeCents: part.feeCents,
        note: choice.note,
      },
    ];
  });
}

/**
 * Turns a paid checkout intent into its order, in the settling transaction (which already holds the buyer's
 * lock, see payments' settle): the cart's products locked in product id order, their options' stock checked and
 * taken in one statement (a shared pool once for all its sizes; decision 052); each
 * shop's pickup or delivery checked again as it stood when the payment was made (slot open, address in the area,
 * minimum reached) and priced; the coupon redeemed; the payment record, order, lines and fulfilments recorded; a
 * place booked in each slot (its window locked, capacity counted); the cart and its choices cleared. Throws
 * CannotSettle (with the refusal's code) when the goods cannot be sold for this charge: it is then refunded.
 */
export const makeOrder: FulfilOrder = async (tx, intent, buyer, details, card) => {
  const lines = await lockCartLinesForCheckout(tx, buyer.id);
  // An empty cart after paying is another charge of the same cart that already became its order.
  if (lines.length === 0) throw new CannotSettle('Your cart is empty', 'duplicate');
  for (const line of lines) {
    const reason = unavailableReason(line);
    if (reason) throw new CannotSettle(unavailableMessage(line, reason));
  }
  // Closing times are judged at payment, not at a later confirmation or webhook.
  const paidAt = intent.paidAt ?? intent.createdAt;
  const plan = await planCart(tx, buyer.id, lines, paidAt);
  const problem = plan.parts.find((part) => part.problem)?.problem;
  if (problem) throw new CannotSettle(problem.message, 'cannot_fulfil', problem.code);
  const subtotal = subtotalCents(lines);
  const code = intent.couponCode;
  const discount = code ? await orRefund(() => redeemCoupon(tx, code, subtotal)) : 0;
  const tax = await cartTax(tx, lines, discount);
  const price = subtotal - discount + plan.deliveryCents + tax.addedCents;
  // Weighed goods: the card was authorized for their estimate plus the hold margin.
  const authorized =
    intent.captureMethod === 'manual'
      ? holdSubtotalCents(lines) - discount + plan.deliveryCents + tax.holdAddedCents
      : price;
  if (authorized !== intent.amountCents || (intent.captureMethod === 'manual') !== hasWeighedGoods(lines)) {
    throw new CannotSettle('Your cart changed while you were paying');
  }
  // One statement for every line: a dozen and a half dozen from one pool take 18 at once (decision 052).
  await orRefund(() =>
    takeStock(
      tx,
      lines.map((line) => ({ optionId: line.optionId, amount: line.amount })),
    ),
  );
  const fulfilments = fulfilmentsOf(plan);
  const orderId = await recordOrder(tx, {
    userId: buyer.id,
    email: buyer.email,
    name: buyer.name,
    orderName: details.name,
    phoneNumber: details.phoneNumber,
    address: details.address,
    subtotalCents: subtotal,
    discountCents: discount,
    deliveryCents: plan.deliveryCents,
    priceCents: price,
    taxCents: tax.lineTaxCents.reduce((sum, cents) => sum + cents, 0),
    taxIncluded: tax.included,
    couponCode: code,
    provider: intent.provider,
    transactionId: intent.providerIntentId,
    cardBrand: card.cardBrand,
    cardLast4: card.cardLast4,
    lines: lines.map((line, index) => ({
      productId: line.productId,
      vendorId: line.vendorId,
      shopName: line.shopName,
      shopEmail: line.shopEmail,
      itemName: lineName(line),
      image: line.image,
      unitPriceCents: line.priceCents,
      saving: line.saving && { ...line.saving, listPriceCents: line.listPriceCents },
      amount: line.amount,
      totalCents: lineCents(line),
      estimatedGrams: line.soldByWeight && line.gramsPerPiece ? line.amount * line.gramsPerPiece : null,
      taxBps: line.taxBps,
      taxCents: tax.lineTaxCents[index],
      optionId: line.optionId,
      optionLabel: line.optionLabel,
      sku: line.sku,
      draws: line.draws,
      unit: line.unit,
      pack: line.pack,
    })),
    fulfilments,
  });
  const bookings = fulfilments.map((f) => ({
    shopId: f.shopId,
    shopName: f.shopName,
    windowId: f.windowId,
    date: f.slotDate,
    shopperId: buyer.id,
    orderId,
  }));
  await orRefund(() => bookSlots(tx, bookings, paidAt));
  await notifyOrderPlaced(tx, orderId);
  await removeCartLines(
    tx,
    buyer.id,
    lines.map((line) => line.id),
  );
  await clearShopChoices(
    tx,
    buyer.id,
    plan.parts.map((part) => part.shopId),
  );
};

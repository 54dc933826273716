import { AppError } from '../../errors.ts';
import {
  lockCartLinesForCheckout,
  removeCartLines,
  subtotalCents,
  unavailableMessage,
  unavailableReason,
} from '../cart/index.ts';
import { takeStock } from '../catalog/index.ts';
import { redeemCoupon } from '../coupons/index.ts';
import { recordOrder } from '../orders/index.ts';
import { CannotSettle, type FulfilOrder } from '../payments/index.ts';

/** A rule of another module refused (a coupon used up meanwhile, …): the charge is refunded with its message. */
async function orRefund<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new CannotSettle(error.message);
    throw error;
  }
}

/**
 * Turns a paid checkout intent into its order, in the settling transaction (which already holds the buyer's
 * lock, see payments' settle): the cart's products locked in product id order, their stock checked and taken,
 * the coupon redeemed, the payment record, order and lines recorded, the cart cleared. Throws CannotSettle
 * when the goods cannot be sold for this charge (the charge is then refunded).
 */
export const makeOrder: FulfilOrder = async (tx, intent, buyer, details, card) => {
  const lines = await lockCartLinesForCheckout(tx, buyer.id);
  // An empty cart after paying is another charge of the same cart that already became its order.
  if (lines.length === 0) throw new CannotSettle('Your cart is empty', 'duplicate');
  for (const line of lines) {
    const reason = unavailableReason(line);
    if (reason) throw new CannotSettle(unavailableMessage(line, reason));
  }
  const subtotal = subtotalCents(lines);
  const code = intent.couponCode;
  const discount = code ? await orRefund(() => redeemCoupon(tx, code, subtotal)) : 0;
  if (subtotal - discount !== intent.amountCents) throw new CannotSettle('Your cart changed while you were paying');
  await orRefund(() => takeStock(tx, lines));
  await recordOrder(tx, {
    userId: buyer.id,
    email: buyer.email,
    name: buyer.name,
    orderName: details.name,
    phoneNumber: details.phoneNumber,
    address: details.address,
    subtotalCents: subtotal,
    discountCents: discount,
    priceCents: subtotal - discount,
    couponCode: code,
    provider: intent.provider,
    transactionId: intent.providerIntentId,
    cardBrand: card.cardBrand,
    cardLast4: card.cardLast4,
    lines: lines.map((line) => ({
      productId: line.productId,
      vendorId: line.vendorId,
      shopName: line.shopName,
      shopEmail: line.shopEmail,
      itemName: line.name,
      image: line.image,
      unitPriceCents: line.priceCents,
      amount: line.amount,
    })),
  });
  await removeCartLines(
    tx,
    buyer.id,
    lines.map((line) => line.id),
  );
};

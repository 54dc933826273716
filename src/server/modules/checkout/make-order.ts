import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  lockCartLinesForCheckout,
  removeCartLines,
  subtotalCents,
  unavailableMessage,
  unavailableReason,
} from '../cart/queries.ts';
import { products } from '../catalog/tables.ts';
import { redeemCoupon } from '../coupons/service.ts';
import { customerPayments, orderLines, orders } from '../orders/tables.ts';
import { CannotSettle, type IntentRow } from '../payments/intents.ts';

export type CheckoutDetails = { name: string; phoneNumber: string; address: string };

/**
 * Turns a paid checkout intent into the payment record, order and order lines, in the caller's transaction
 * (which already holds the buyer's lock, see settleIntent): locks the products, checks and decrements stock,
 * redeems the coupon and clears the cart. Throws CannotSettle when the goods cannot be sold for this charge.
 */
export async function makeOrder(
  tx: Tx,
  intent: IntentRow,
  buyer: { id: string; email: string; name: string },
  details: CheckoutDetails,
  card: { cardBrand: string | null; cardLast4: string | null },
): Promise<void> {
  const lines = await lockCartLinesForCheckout(tx, buyer.id);
  // An empty cart after paying is another charge of the same cart that already became its order.
  if (lines.length === 0) throw new CannotSettle('Your cart is empty', 'duplicate');
  for (const line of lines) {
    const reason = unavailableReason(line);
    if (reason) throw new CannotSettle(unavailableMessage(line, reason));
  }
  const subtotal = subtotalCents(lines);
  let discount = 0;
  if (intent.couponCode) {
    try {
      discount = await redeemCoupon(tx, intent.couponCode, subtotal);
    } catch (error) {
      if (error instanceof AppError) throw new CannotSettle(error.message);
      throw error;
    }
  }
  if (subtotal - discount !== intent.amountCents) throw new CannotSettle('Your cart changed while you were paying');

  for (const line of lines) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.amount}`, updatedAt: new Date() })
      .where(eq(products.id, line.productId));
  }
  const [payment] = await tx
    .insert(customerPayments)
    .values({
      userId: buyer.id,
      email: buyer.email,
      name: buyer.name,
      orderName: details.name,
      phoneNumber: details.phoneNumber,
      address: details.address,
      subtotalCents: subtotal,
      discountCents: discount,
      priceCents: subtotal - discount,
      couponCode: intent.couponCode,
      provider: intent.provider,
      transactionId: intent.providerIntentId,
      cardBrand: card.cardBrand,
      cardLast4: card.cardLast4,
    })
    .returning({ id: customerPayments.id });
  const [order] = await tx
    .insert(orders)
    .values({ paymentId: payment.id, userId: buyer.id, email: buyer.email, name: details.name, status: 'pending' })
    .returning({ id: orders.id });
  await tx.insert(orderLines).values(
    lines.map((line) => ({
      orderId: order.id,
      productId: line.productId,
      vendorId: line.vendorId,
      shopName: line.shopName,
      shopEmail: line.shopEmail,
      itemName: line.name,
      image: line.image,
      unitPriceCents: line.priceCents,
      amount: line.amount,
      totalCents: line.priceCents * line.amount,
    })),
  );
  await removeCartLines(
    tx,
    buyer.id,
    lines.map((l) => l.id),
  );
}

import { eq, sql } from 'drizzle-orm';
import { centsToDollars, MAX_ORDER_CENTS, ORDER_TOO_LARGE } from '#contract/money.ts';
import type { CustomerPayment } from '#contract/orders.ts';
import type { PaymentIntentCreated } from '#contract/payments.ts';
import type { Db } from '../../db/client.ts';
import { customerPayments, orderLines, orders, products } from '../../db/schema.ts';
import { AppError, conflict } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  type CartLine,
  listCartLines,
  lockCartLinesForCheckout,
  removeCartLines,
  subtotalCents,
  unavailableMessage,
  unavailableReason,
} from '../cart/queries.ts';
import { quoteCoupon, redeemCoupon } from '../coupons/service.ts';
import { paymentByTransactionId } from '../orders/queries.ts';
import { findOwnIntent, recordIntent, setIntentStatus } from '../payments/intents.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { processRefund, requestRefund } from '../payments/refunds.ts';

function assertBuyable(lines: CartLine[]) {
  if (lines.length === 0) throw conflict('Your cart is empty');
  for (const line of lines) {
    const reason = unavailableReason(line);
    if (reason) throw conflict(unavailableMessage(line, reason));
  }
  // The sum is exact in a double; capping it keeps every stored amount (line, subtotal, charge) within int4.
  if (subtotalCents(lines) > MAX_ORDER_CENTS) throw conflict(ORDER_TOO_LARGE);
}

/**
 * POST /customer-payment: prices the caller's cart (and coupon) on the server, opens a card payment for
 * that amount with the provider, and remembers it so that only this buyer can turn it into an order.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  user: AuthUser,
  couponCode: string | undefined,
): Promise<PaymentIntentCreated> {
  const lines = await listCartLines(db, user.id);
  assertBuyable(lines);
  const subtotal = subtotalCents(lines);
  const coupon = couponCode ? await quoteCoupon(db, couponCode, subtotal) : null;
  const discount = coupon?.discount ?? 0;
  const amountCents = subtotal - discount;
  const intent = await provider.createIntent({
    amountCents,
    description: `Farmstall order for ${user.email}`,
    metadata: { purpose: 'checkout', userId: user.id },
  });
  await recordIntent(db, {
    provider: provider.name,
    providerIntentId: intent.id,
    userId: user.id,
    purpose: 'checkout',
    amountCents,
    couponCode: coupon?.code ?? null,
  });
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    amount: centsToDollars(amountCents),
    subtotal: centsToDollars(subtotal),
    discount: centsToDollars(discount),
    couponCode: coupon?.code ?? null,
  };
}

/** A checkout that cannot be completed after the card was charged: the charge is given back. */
class CannotFulfil extends Error {}

export type CheckoutDetails = { name: string; phoneNumber: string; address: string };

/**
 * POST /customerPayments: turns a paid intent into the payment record, order and order lines, in one
 * transaction that locks the products, checks and decrements stock and clears the cart. Idempotent: the
 * same intent always answers with the same order. If the goods cannot be sold, the charge is refunded.
 */
export async function completeCheckout(
  db: Db,
  provider: PaymentProvider,
  user: AuthUser,
  paymentIntentId: string,
  details: CheckoutDetails,
): Promise<{ payment: CustomerPayment; created: boolean }> {
  const intentRow = await findOwnIntent(db, provider.name, paymentIntentId, user.id, 'checkout');
  const existing = await paymentByTransactionId(db, paymentIntentId);
  if (existing) return { payment: existing, created: false };
  if (intentRow.status === 'cancelled' || intentRow.status === 'refunding' || intentRow.status === 'refunded') {
    throw conflict('This payment was cancelled and refunded. Please check your cart and pay again.');
  }

  const remote = await provider.retrieveIntent(paymentIntentId);
  if (remote?.status !== 'succeeded') {
    throw new AppError(
      'PAYMENT_FAILED',
      remote?.lastError ?? 'The card payment has not been completed yet. Please pay with your card first.',
    );
  }
  if (remote.refunded) throw conflict('This payment was refunded. Please check your cart and pay again.');

  try {
    return await db.transaction(async (tx) => {
      // Serialises confirmations of the same intent: the second one finds the first one's order.
      const locked = await findOwnIntent(tx, provider.name, paymentIntentId, user.id, 'checkout', true);
      const again = await paymentByTransactionId(tx, paymentIntentId);
      if (again) return { payment: again, created: false };

      const lines = await lockCartLinesForCheckout(tx, user.id);
      if (lines.length === 0) throw new CannotFulfil('Your cart is empty');
      for (const line of lines) {
        const reason = unavailableReason(line);
        if (reason) throw new CannotFulfil(unavailableMessage(line, reason));
      }
      const subtotal = subtotalCents(lines);
      const discount = locked.couponCode ? await redeemCoupon(tx, locked.couponCode, subtotal) : 0;
      if (subtotal - discount !== remote.amountCents || remote.amountCents !== locked.amountCents) {
        throw new CannotFulfil('Your cart changed while you were paying');
      }

      for (const line of lines) {
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${line.amount}`, updatedAt: new Date() })
          .where(eq(products.id, line.productId));
      }
      const [payment] = await tx
        .insert(customerPayments)
        .values({
          userId: user.id,
          email: user.email,
          name: user.name,
          orderName: details.name,
          phoneNumber: details.phoneNumber,
          address: details.address,
          subtotalCents: subtotal,
          discountCents: discount,
          priceCents: subtotal - discount,
          couponCode: locked.couponCode,
          provider: provider.name,
          transactionId: paymentIntentId,
          cardBrand: remote.cardBrand,
          cardLast4: remote.cardLast4,
        })
        .returning({ id: customerPayments.id });
      const [order] = await tx
        .insert(orders)
        .values({ paymentId: payment.id, userId: user.id, email: user.email, name: details.name, status: 'pending' })
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
        user.id,
        lines.map((l) => l.id),
      );
      await setIntentStatus(tx, locked.id, 'settled');
      const record = await paymentByTransactionId(tx, paymentIntentId);
      return { payment: record as CustomerPayment, created: true };
    });
  } catch (error) {
    const reason = error instanceof CannotFulfil ? error.message : error instanceof AppError ? error.message : null;
    if (reason === null) throw error;
    const refund = await db.transaction(async (tx) => {
      await setIntentStatus(tx, intentRow.id, 'refunding');
      return requestRefund(tx, {
        paymentIntentId: intentRow.id,
        amountCents: intentRow.amountCents,
        reason: 'cannot_fulfil',
        idempotencyKey: `cannot_fulfil:${intentRow.id}`,
      });
    });
    await processRefund(db, provider, refund.id);
    throw conflict(`${reason.replace(/\.$/, '')}. Your payment was refunded and nothing was charged.`);
  }
}

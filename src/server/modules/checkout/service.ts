import type { FastifyBaseLogger } from 'fastify';
import { MIN_CHARGE_CENTS } from '#contract/coupons.ts';
import { formatMoney, MAX_ORDER_CENTS, ORDER_TOO_LARGE } from '#contract/money.ts';
import type { CustomerPayment } from '#contract/orders.ts';
import type { CheckoutDetails, CheckoutForm, PaymentIntentCreated } from '#contract/payments.ts';
import { REQUIRED } from '#contract/validation.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  type CartLine,
  type CartPlan,
  cartTax,
  hasWeighedGoods,
  holdSubtotalCents,
  listCartLines,
  planCart,
  refusalOf,
  subtotalCents,
  unavailableMessage,
  unavailableReason,
} from '../cart/index.ts';
import { quoteCoupon } from '../coupons/index.ts';
import { keepOrderNote, paymentByTransactionId } from '../orders/index.ts';
import { findOwnIntent, openIntent, type PaymentProvider, type PaymentProviders } from '../payments/index.ts';

/** The address an order records when every shop's part is a pickup and the shopper gave none. */
const PICKUP_ADDRESS = 'Collected at pickup';

/**
 * Where the order goes when the shopper typed no address: the cart's delivery address, else the pickup when every
 * shop's part is one; undefined when a shop delivers or ships and no address is known.
 */
function planAddress(plan: Pick<CartPlan, 'parts' | 'address'>): string | undefined {
  if (plan.address) return `${plan.address.address}, ${plan.address.postcode}`;
  return plan.parts.every((part) => part.slot?.kind === 'pickup') ? PICKUP_ADDRESS : undefined;
}

/** A payment not yet settled, whose order (and note) is still to be made. */
const OPEN_INTENT = new Set<string>(['requires_confirmation', 'succeeded']);

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
 * Refuses a charge below the card providers' smallest (Stripe's $0.50), on every provider alike: the sandbox would
 * otherwise "pay" and order what Stripe refuses.
 */
function assertChargeable(totalCents: number) {
  if (totalCents >= MIN_CHARGE_CENTS) return;
  throw conflict(
    `A card payment must be at least ${formatMoney(MIN_CHARGE_CENTS)}: this order comes to ${formatMoney(totalCents)}. Please add to your cart.`,
  );
}

/**
 * POST /customer-payment: prices the caller's cart (goods less the coupon, plus the shops' delivery fees) on the
 * server, refuses it while a shop's part has no slot or a problem (its code: SLOT_REQUIRED, SLOT_FULL, …), opens a
 * card payment for that amount with the provider, and remembers it (with the delivery details and note when sent)
 * so that only this buyer's cart can become its order.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  user: AuthUser,
  couponCode: string | undefined,
  details: Partial<CheckoutForm> | undefined,
  now: Date,
): Promise<PaymentIntentCreated> {
  const lines = await listCartLines(db, user.id);
  assertBuyable(lines);
  const plan = await planCart(db, user.id, lines, now);
  const problem = plan.parts.find((part) => part.problem)?.problem;
  if (problem) throw refusalOf(problem);
  const address = details?.address || planAddress(plan);
  const subtotal = subtotalCents(lines);
  const coupon = couponCode ? await quoteCoupon(db, couponCode, subtotal) : null;
  const tax = await cartTax(db, lines, coupon?.discount ?? 0);
  assertChargeable(subtotal - (coupon?.discount ?? 0) + plan.deliveryCents + tax.addedCents);
  const intent = await openIntent(db, provider, user, {
    purpose: 'checkout',
    description: `Farmstall order for ${user.email}`,
    subtotalCents: subtotal,
    holdSubtotalCents: hasWeighedGoods(lines) ? holdSubtotalCents(lines) : undefined,
    discountCents: coupon?.discount ?? 0,
    deliveryCents: plan.deliveryCents,
    couponCode: coupon?.code ?? null,
    tax,
    delivery:
      details?.name && details.phoneNumber && address
        ? { orderName: details.name, phoneNumber: details.phoneNumber, address }
        : undefined,
  });
  await keepOrderNote(db, intent.paymentIntentId, details?.note);
  return intent;
}

/**
 * POST /customerPayments: the browser's confirmation. Saves the delivery details on the intent, then settles
 * it like the webhook and the reconciliation job do: the same intent always answers with the same order;
 * a charge that cannot become an order is refunded.
 */
export async function completeCheckout(
  db: Db,
  { active: provider, settle }: PaymentProviders,
  user: AuthUser,
  paymentIntentId: string,
  form: CheckoutForm,
  log?: FastifyBaseLogger,
): Promise<{ payment: CustomerPayment; created: boolean }> {
  const intentRow = await findOwnIntent(db, provider.name, paymentIntentId, user.id, 'checkout');
  // Like the delivery details, a note sent now counts only while the payment is not yet its order.
  if (OPEN_INTENT.has(intentRow.status)) await keepOrderNote(db, intentRow.providerIntentId, form.note);
  const address =
    form.address || planAddress(await planCart(db, user.id, await listCartLines(db, user.id), new Date()));
  if (!address) throw badRequest(`address: ${REQUIRED}`, { address: REQUIRED });
  const details: CheckoutDetails = { ...form, address };
  const outcome = await settle(intentRow.id, { details, log });
  switch (outcome.kind) {
    case 'order': {
      const payment = await paymentByTransactionId(db, intentRow.providerIntentId);
      if (!payment) throw new Error(`The order of payment ${intentRow.id} is missing`);
      return { payment, created: outcome.created };
    }
    case 'refunded': {
      const message = outcome.reason
        ? `${outcome.reason.replace(/\.$/, '')}. Your payment was refunded and nothing was charged.`
        : 'This payment was cancelled and refunded. Please check your cart and pay again.';
      throw outcome.code ? new AppError(outcome.code, message) : conflict(message);
    }
    case 'cancelled':
      throw conflict('This payment was cancelled. Please check your cart and pay again.');
    case 'unpaid':
      throw new AppError('PAYMENT_FAILED', outcome.message);
    default:
      throw new AppError('PAYMENT_FAILED', 'This payment cannot become an order.');
  }
}

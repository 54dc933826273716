import { customerPayment } from '../orders.ts';
import { checkoutIntentInput, customerPaymentInput, paymentIntentCreated } from '../payments.ts';
import { route } from '../route-table.ts';

/** Paying for the cart: the server prices it and opens a card payment, then the paid payment becomes the order. */
export const checkoutApi = {
  start: route({
    method: 'POST',
    path: '/customer-payment',
    tag: 'checkout',
    summary: 'Start paying for the cart: the server prices the cart and coupon and opens a card payment',
    access: { allow: ['customer'] },
    body: checkoutIntentInput,
    status: 201,
    response: paymentIntentCreated,
    errors: [409],
  }),
  complete: route({
    method: 'POST',
    path: '/customerPayments',
    tag: 'checkout',
    summary:
      'Turn a paid card payment into the order (idempotent per payment): 201 when it makes the order, 200 with the same order when asked again',
    access: { allow: ['customer'], owner: { of: 'purchase', admin: false, otherwise: 403 } },
    body: customerPaymentInput,
    status: 201,
    response: customerPayment,
    otherResponses: { 200: customerPayment },
    errors: [402, 404, 409],
  }),
};

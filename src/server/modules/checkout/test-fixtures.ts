import { eq } from 'drizzle-orm';
import type { TestContext } from '../../test/app.ts';
import type { TestUser } from '../../test/users.ts';
import { products } from '../catalog/tables.ts';

/** Products are made by the one product factory (test/factories.ts); re-exported for the checkout tests. */
export { createProduct } from '../../test/factories.ts';

export async function productRow(t: TestContext, id: string) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  return row;
}

/** Puts `amount` of a product (of one of its options: the first when none is named) in the user's cart through the API. */
export async function addToCart(t: TestContext, user: TestUser, productId: string, amount = 1, optionId?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/carts',
    headers: user.auth,
    payload: { productId, amount, ...(optionId ? { optionId } : {}) },
  });
  if (response.statusCode !== 201) throw new Error(`add to cart failed: ${response.body}`);
  return response.json() as { insertedId: string; amount: number; optionId: string };
}

/** Starts checkout (POST /api/customer-payment); the server prices the cart whatever the payload says. */
export const startPayment = (t: TestContext, user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/customer-payment', headers: user.auth, payload });

/** Starts a premium membership payment (POST /api/vendor-payment). */
export const startMembershipPayment = (t: TestContext, user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/vendor-payment', headers: user.auth, payload });

/** Stripe's test card that pays. */
export const GOOD_CARD = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };

/** Pays a started payment with a card in the sandbox (POST /api/payments/sandbox/confirm). */
export const payInSandbox = (
  t: TestContext,
  user: TestUser,
  intent: { paymentIntentId: string; clientSecret: string },
  card: { cardNumber: string; expiry: string; cvc: string },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    headers: user.auth,
    payload: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...card },
  });

/** Starts checkout (with the delivery details when given, as the userPayment page does) and pays it in the sandbox. */
export async function payCart(
  t: TestContext,
  user: TestUser,
  options: { couponCode?: string; cardNumber?: string; details?: typeof checkoutDetails } = {},
) {
  const started = await startPayment(t, user, { price: 0, couponCode: options.couponCode, ...options.details });
  if (started.statusCode !== 201) throw new Error(`checkout failed: ${started.body}`);
  const intent = started.json() as { clientSecret: string; paymentIntentId: string; amount: number };
  const paid = await payInSandbox(t, user, intent, {
    cardNumber: options.cardNumber ?? '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  return { intent, paid };
}

export const checkoutDetails = {
  name: 'Ada Shopper',
  phoneNumber: '+1 555 010 2030',
  address: '12 Orchard Lane, Kent',
};

export function confirmOrder(t: TestContext, user: TestUser, paymentIntentId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/customerPayments',
    headers: user.auth,
    payload: { paymentIntentId, ...checkoutDetails },
  });
}

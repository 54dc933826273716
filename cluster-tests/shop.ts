import { randomUUID } from 'node:crypto';

/**
 * A client of the public API as a browser would use it, through one address (nginx's). Every request carries
 * `?probe=<id>` so its line in nginx's access log can be found, and the client's own address in
 * X-Forwarded-For (each buyer is a different shopper; nginx appends the real hop).
 */
export type Answer = {
  path: string;
  status: number;
  body: unknown;
  probe: string;
  sentAt: number;
  answeredAt: number;
  /** Sent again on a new connection after nginx closed the kept-alive one it first went out on: that probe. */
  unanswered?: string;
};

export type Shopper = { email: string; password: string; token: string; address: string };

let addresses = 0;
/** A distinct documentation-range client address per shopper (198.18.0.0/15, set aside for benchmarks). */
const nextAddress = () => {
  addresses += 1;
  return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

export async function call(
  base: string,
  method: string,
  path: string,
  init: { body?: unknown; token?: string; address?: string } = {},
  unanswered?: string,
): Promise<Answer> {
  const resent = unanswered !== undefined;
  const probe = randomUUID();
  const sentAt = Date.now();
  const separator = path.includes('?') ? '&' : '?';
  try {
    const response = await fetch(`${base}/api${path}${separator}probe=${probe}`, {
      method,
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.address ? { 'x-forwarded-for': init.address } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (an nginx error page)
    }
    return { path, status: response.status, body, probe, sentAt, answeredAt: Date.now(), unanswered };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    // nginx closed an idle kept-alive connection as the request went out on it (a reload replaces its workers):
    // nginx read nothing, and a browser sends such a request again on a new connection. So does this client, once.
    if (!resent && (cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET'))
      return call(base, method, path, init, probe);
    // No answer at all: recorded as status 0, never hidden.
    return { path, status: 0, body: String(cause ?? error), probe, sentAt, answeredAt: Date.now(), unanswered };
  }
}

function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** Signs up through POST /users and signs in through POST /jwt. */
export async function signUp(base: string, name: string): Promise<Shopper> {
  const address = nextAddress();
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Fresh#2026!';
  expectStatus(await call(base, 'POST', '/users', { body: { name, email, password }, address }), 201, 'sign-up');
  return { email, password, address, token: await signIn(base, email, password, address) };
}

export async function signIn(base: string, email: string, password: string, address: string): Promise<string> {
  const answer = expectStatus(await call(base, 'POST', '/jwt', { body: { email, password }, address }), 200, 'sign-in');
  return (answer.body as { token: string }).token;
}

/**
 * The e-mailed link's token for the address, read from the outbox (the cluster sends no mail): `query` runs SQL on
 * the primary.
 */
export async function verificationTokenOf(
  query: <T>(text: string, values?: unknown[]) => Promise<T[]>,
  email: string,
): Promise<string> {
  const [link] = await query<{ token: string }>(
    `SELECT payload->>'token' AS token FROM notification_outbox
     WHERE email = $1 AND kind = 'email_verification' ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  if (!link) throw new Error(`No verification e-mail for ${email}`);
  return link.token;
}

/**
 * A shopper who proves the e-mail (the link's POST, as the page sends it: a shop needs a verified address), registers
 * a shop (PATCH /users/email/:email) and signs in again as a vendor.
 */
export async function becomeVendor(base: string, shopper: Shopper, linkToken: string): Promise<Shopper> {
  const verified = await call(base, 'POST', '/auth/email-verification/confirm', {
    body: { token: linkToken },
    address: shopper.address,
  });
  expectStatus(verified, 200, 'e-mail verification');
  const shop = {
    shop: 'Cluster Farm',
    date: '2019-05-01',
    address: '12 Orchard Lane, Springfield',
    phone: '+1 555 222 3333',
    image: '/uploads/cluster-farm.webp',
  };
  const { token, address } = shopper;
  const registered = await call(base, 'PATCH', `/users/email/${shopper.email}`, { body: shop, token, address });
  expectStatus(registered, 200, 'vendor registration');
  return { ...shopper, token: await signIn(base, shopper.email, shopper.password, address) };
}

/** Lists a product (POST /products) and returns its id. */
export async function listProduct(
  base: string,
  vendor: Shopper,
  product: { name: string; stock: number; category: string },
): Promise<string> {
  const body = {
    productName: product.name,
    productDetails: `${product.name}, picked this morning.`,
    productCategory: product.category,
    productQuantity: product.stock,
    productionCost: 4,
    profitMargin: 25,
    productManufacturingDate: '2026-01-01',
    productExpireDate: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    productImage: '/uploads/11111111-1111-4111-8111-111111111111.webp',
  };
  const answer = await call(base, 'POST', '/products', { body, token: vendor.token, address: vendor.address });
  return (expectStatus(answer, 201, 'listing a product').body as { insertedId: string }).insertedId;
}

const DETAILS = { name: 'Ada Shopper', phoneNumber: '+1 555 010 2030', address: '12 Orchard Lane, Kent' };

/** Puts one unit in the cart, starts checkout and pays with the sandbox card that pays; the intent to confirm. */
export async function payForOne(base: string, buyer: Shopper, productId: string): Promise<Answer[]> {
  const { token, address } = buyer;
  const added = await call(base, 'POST', '/carts', { body: { productId, amount: 1 }, token, address });
  if (added.status !== 201) return [added];
  const started = await call(base, 'POST', '/customer-payment', { body: { price: 0, ...DETAILS }, token, address });
  if (started.status !== 201) return [added, started];
  const intent = started.body as { paymentIntentId: string; clientSecret: string };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
  const paid = await call(base, 'POST', '/payments/sandbox/confirm', {
    body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...card },
    token,
    address,
  });
  return [added, started, paid];
}

/** POST /customerPayments: the paid intent becomes the order (201) or is refunded as sold out (409). */
export function confirm(base: string, buyer: Shopper, paymentIntentId: string): Promise<Answer> {
  const body = { paymentIntentId, ...DETAILS };
  return call(base, 'POST', '/customerPayments', { body, token: buyer.token, address: buyer.address });
}

/** The intent id a started checkout answered with. */
export const intentOf = (started: Answer) => (started.body as { paymentIntentId: string }).paymentIntentId;

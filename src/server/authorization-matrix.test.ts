import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '#contract/categories.ts';
import { WEEKDAYS } from '#contract/slots.ts';
import { sendVerificationLink } from './modules/auth/index.ts';
import { requestPasswordReset } from './modules/auth/password-resets.ts';
import { REFRESH_COOKIE } from './modules/auth/session.ts';
import { signAccessToken } from './modules/auth/tokens.ts';
import { addToCart, createProduct, payCart } from './modules/checkout/test-fixtures.ts';
import { notificationOutbox } from './modules/notifications/tables.ts';
import { insertOrder, insertReview, type TestProduct } from './modules/orders/order-fixtures.ts';
import { customerPayments, orderFulfilments, orderLines, problemReports } from './modules/orders/tables.ts';
import { encodeSlotId } from './modules/slots/index.ts';
import { users as usersTable } from './modules/users/tables.ts';
import { expectedOutcome, type Outcome, ROUTE_ACCESS, type RouteAccess, type RouteKey } from './route-access.ts';
import { setupTestApp } from './test/app.ts';
import { dayFromToday } from './test/dates.ts';
import { registeredRoutes } from './test/route-list.ts';
import { createUser, type TestUser } from './test/users.ts';

/**
 * The authorization matrix: every /api route × {anonymous, customer A, customer B, vendor A, vendor B, admin},
 * aimed at the resources of customer A (cart line, payment intent, order, review, account) and vendor A
 * (product, shop, order lines, membership), must answer what src/server/route-access.ts promises.
 */

const CALLERS = ['anonymous', 'customerA', 'customerB', 'vendorA', 'vendorB', 'admin'] as const;
type CallerName = (typeof CALLERS)[number];

/** One call: the url (default: the route's own path), body and headers; `as` signs in as someone else. */
type Call = { url?: string; payload?: unknown; headers?: Record<string, string>; as?: TestUser };
type Build = (caller: CallerName) => Call | Promise<Call>;

/** Allowed calls that may still answer 404, and why (anything else allowed must not be 401, 403 or 404). */
const ABSENT_FOR_A_REASON: Partial<Record<RouteKey, string>> = {
  'POST /api/payments/stripe/webhook': 'the test app uses the sandbox provider: no Stripe webhook to answer',
  'GET /api/outbox/mail/:name': 'no e-mail has been written as a file in this test: the admin is told it is not there',
  'GET /api/catalogue/imports/:id':
    'no import is started under this id in this test: its caller is told it is not there',
};

/** A catalogue import's multipart form: `fields`, then a CSV file of one row (decision 060). */
async function catalogueForm(fields: Record<string, string>): Promise<Call> {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob(['SKU,Stock\nA-1,3'], { type: 'text/csv' }), 'catalogue.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const t = setupTestApp();
let users: Record<Exclude<CallerName, 'anonymous'>, TestUser>;
let product: TestProduct;
let purchase: { orderId: string; paymentId: string; transactionId: string };
let reviewId: string;
let checkoutIntent: { paymentIntentId: string; clientSecret: string };
let membershipIntentId: string;
let couponCode: string;
let picture: Buffer;
let fulfilment: { pointId: string; windowId: string };

const inject = (user: TestUser, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers: user.auth, payload: payload as object });

async function ok<T>(response: Promise<{ statusCode: number; body: string; json: () => unknown }>, status: number) {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`setup call answered ${answer.statusCode}: ${answer.body}`);
  return answer.json() as T;
}

beforeAll(async () => {
  users = {
    customerA: await createUser(t, { name: 'Customer A' }),
    customerB: await createUser(t, { name: 'Customer B' }),
    vendorA: await createUser(t, { role: 'vendor', name: 'Vendor A' }),
    vendorB: await createUser(t, { role: 'vendor', name: 'Vendor B' }),
    admin: await createUser(t, { role: 'admin', name: 'Admin' }),
  };
  const row = await createProduct(t, users.vendorA, { name: 'Matrix carrots', stock: 10_000 });
  product = { id: row.id, name: row.name, priceCents: row.priceCents, vendor: users.vendorA };

  // Customer A bought the carrots and they were delivered; A reviewed them.
  const order = await insertOrder(t, users.customerA, [{ product, amount: 1 }]);
  await t.db.update(orderLines).set({ status: 'delivered' }).where(eq(orderLines.orderId, order.orderId));
  const [payment] = await t.db
    .select({ transactionId: customerPayments.transactionId })
    .from(customerPayments)
    .where(eq(customerPayments.id, order.paymentId));
  purchase = { ...order, transactionId: payment.transactionId };
  reviewId = await insertReview(t, product, users.customerA, 5, 'Crunchy and sweet');

  // Customer A paid a card payment whose order is not made yet; vendor A started paying its membership.
  await addToCart(t, users.customerA, product.id);
  checkoutIntent = (await payCart(t, users.customerA)).intent;
  membershipIntentId = (
    await ok<{ paymentIntentId: string }>(inject(users.vendorA, 'POST', '/api/vendor-payment', { price: 1000 }), 201)
  ).paymentIntentId;
  couponCode = (await newCoupon()).code;
  const saved = await ok<{ pickupPoints: { id: string; windows: { id: string }[] }[] }>(
    inject(users.vendorA, 'PUT', `/api/shops/${users.vendorA.id}/fulfilment`, fulfilmentSettings()),
    200,
  );
  fulfilment = { pointId: saved.pickupPoints[0].id, windowId: saved.pickupPoints[0].windows[0].id };
  // Vendor A's part of each customer's cart has a pickup slot, so their checkouts are not refused for lack of one.
  await addToCart(t, users.customerB, product.id);
  for (const customer of [users.customerA, users.customerB]) await ok(inject(customer, ...(await choiceOf())), 200);
  picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
});

const newCoupon = () =>
  ok<{ _id: string; code: string }>(
    inject(users.admin, 'POST', '/api/coupons', {
      code: `M${randomUUID().slice(0, 8)}`,
      kind: 'percent',
      value: 10,
    }),
    201,
  );
/** A customer to act on (promote, delete, register a shop): no password, so no hashing, only a token. */
async function freshCustomer(): Promise<TestUser> {
  const email = `someone-${randomUUID()}@example.com`;
  const [row] = await t.db
    .insert(usersTable)
    .values({ name: 'Someone new', email, role: 'customer', emailVerifiedAt: new Date() })
    .returning();
  const token = await signAccessToken({ sub: row.id, email, role: 'customer', ver: 0 }, t.app.secrets.jwtSecret);
  return {
    id: row.id,
    email,
    name: row.name,
    role: 'customer',
    password: '',
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}
/** Vendor A's pickup point, on the weekday a week from today (the one its cancellations fall on). */
const fulfilmentSettings = (ids?: typeof fulfilment) => ({
  timeZone: 'UTC',
  pickupPoints: [
    {
      id: ids?.pointId,
      name: 'Matrix market',
      address: '12 Orchard Lane',
      windows: [
        {
          id: ids?.windowId,
          weekday: WEEKDAYS[Temporal.PlainDate.from(dayFromToday(7)).dayOfWeek - 1],
          start: '09:00',
          end: '12:00',
          capacity: 5,
        },
      ],
    },
  ],
});
/** Choosing vendor A's first open pickup slot for the caller's cart: method, url and body. */
async function choiceOf(): Promise<[string, string, { slotId: string }]> {
  const { slots } = await ok<{ slots: { id: string; status: string }[] }>(
    t.app.inject({ method: 'GET', url: `/api/shops/${users.vendorA.id}/slots` }),
    200,
  );
  const open = slots.find((slot) => slot.status === 'open');
  if (!open) throw new Error('vendor A has no open slot');
  return ['PUT', `/api/cart/fulfilment/${users.vendorA.id}`, { slotId: open.id }];
}

let cancelledWeeks = 0;
/** A cancellation of vendor A's window on a date no call has cancelled yet. */
const freshCancellation = () => {
  cancelledWeeks += 1;
  return ok<{ id: string }>(
    inject(users.vendorA, 'POST', `/api/shops/${users.vendorA.id}/fulfilment/cancellations`, {
      windowId: fulfilment.windowId,
      date: dayFromToday(7 * cancelledWeeks),
    }),
    201,
  );
};
let bookedSlot: string | undefined;
/** Vendor A's pickup slot a week from today, booked by customer A's order (once): its id. */
async function bookedSlotId() {
  if (bookedSlot) return bookedSlot;
  const date = dayFromToday(7);
  await t.db.insert(orderFulfilments).values({
    orderId: purchase.orderId,
    shopId: users.vendorA.id,
    shopName: 'Matrix Farm',
    kind: 'pickup',
    windowId: fulfilment.windowId,
    slotDate: date,
    startsAt: new Date(`${date}T09:00:00Z`),
    endsAt: new Date(`${date}T12:00:00Z`),
    timeZone: 'UTC',
    pickupPointName: 'Matrix market',
    pickupPointAddress: '12 Orchard Lane',
  });
  bookedSlot = encodeSlotId(fulfilment.windowId, date);
  return bookedSlot;
}
const bookedSlotUrl = async (tail = '') => ({
  url: `/api/shops/${users.vendorA.id}/booked-slots/${await bookedSlotId()}${tail}`,
});
const freshProduct = async () => (await createProduct(t, users.vendorA, { name: 'Matrix onions' })).id;
/** A weekly box of vendor A, paid per delivery, at its pickup window. */
const boxPlan = () => ({
  name: 'Matrix box',
  kind: 'box',
  boxValue: 25,
  boxContents: 'Carrots',
  frequency: 'weekly',
  billing: 'per_delivery',
  windowIds: [fulfilment.windowId],
});
const freshPlan = async () =>
  (
    await ok<{ id: string }>(
      inject(users.vendorA, 'POST', `/api/shops/${users.vendorA.id}/subscription-plans`, boxPlan()),
      201,
    )
  ).id;

/** A card setup of the customer, confirmed in the sandbox with a test card (3155 stops it for authentication). */
async function setupOf(customer: TestUser, cardNumber = '4242424242424242') {
  const setup = await ok<{ setupIntentId: string; clientSecret: string }>(
    inject(customer, 'POST', '/api/subscriptions/card-setup'),
    201,
  );
  await inject(customer, 'POST', '/api/payments/sandbox/confirm-setup', {
    ...setup,
    cardNumber,
    expiry: '12/40',
    cvc: '123',
  });
  return setup;
}
/** What subscribing customer A or B to a fresh plan of vendor A sends (anyone else is refused before reading it). */
const subscribing = async (caller: CallerName) =>
  caller === 'customerA' || caller === 'customerB'
    ? {
        planId: await freshPlan(),
        windowId: fulfilment.windowId,
        startsOn: dayFromToday(0),
        setupIntentId: (await setupOf(users[caller])).setupIntentId,
      }
    : {};
let subscriberA: Promise<{ id: string; date: string }> | undefined;
/** Customer A's subscription (made once) and its first coming delivery. */
function subscriptionOfA(): Promise<{ id: string; date: string }> {
  subscriberA ??= subscribing('customerA').then((payload) =>
    ok<{ id: string; coming: { date: string }[] }>(
      inject(users.customerA, 'POST', '/api/subscriptions', payload),
      201,
    ).then((made) => ({ id: made.id, date: made.coming[0].date })),
  );
  return subscriberA;
}
const subscriptionUrl = async (tail: string) => ({ url: `/api/subscriptions/${(await subscriptionOfA()).id}${tail}` });

const PRODUCT_FIELDS = {
  productName: 'Matrix carrots',
  productDetails: 'Orange and crunchy.',
  productQuantity: 50,
  productionCost: 2,
  profitMargin: 10,
  productManufacturingDate: '2026-01-10',
  productExpireDate: dayFromToday(365),
  productImage: '/uploads/11111111-1111-4111-8111-111111111111.webp',
};
const SHOP = {
  shop: 'Matrix Farm',
  date: '2019-05-01',
  address: '12 Orchard Lane',
  phone: '+1 555 222 3333',
  image: '/uploads/farm.webp',
};
const BUYER = { name: 'Customer A', phoneNumber: '+1 555 000 2222', address: '2 Orchard Lane' };

function pictureForm() {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'carrot.png');
  return form;
}

async function refreshCookie(user: TestUser) {
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/api/jwt',
    payload: { email: user.email, password: user.password },
  });
  const cookie = signedIn.cookies.find((c) => c.name === REFRESH_COOKIE);
  if (!cookie) throw new Error(`no refresh cookie: ${signedIn.statusCode} ${signedIn.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** The request each route gets, aimed at customer A's and vendor A's resources. Routes without one get their path. */
const REQUESTS: Partial<Record<RouteKey, Build>> = {
  'GET /api/docs/*': () => ({ url: '/api/docs/static/index.css' }),
  'POST /api/users': () => ({
    payload: { name: 'New Person', email: `new-${randomUUID()}@example.com`, password: 'Secret#123' },
  }),
  'POST /api/jwt': () => ({ payload: { email: users.customerA.email, password: users.customerA.password } }),
  'POST /api/auth/refresh': async () => ({ headers: { cookie: await refreshCookie(users.customerA) } }),
  // A session of the caller's own, signed in for the call (the matrix's tokens belong to no session).
  'DELETE /api/auth/sessions/:id': async (caller) => {
    if (caller === 'anonymous') return { url: `/api/auth/sessions/${randomUUID()}` };
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { email: users[caller].email, password: users[caller].password },
    });
    const { sid } = JSON.parse(Buffer.from(signedIn.json().token.split('.')[1], 'base64url').toString('utf8'));
    return { url: `/api/auth/sessions/${sid}` };
  },
  // A fresh account of the caller's role: renaming it renames nobody the other rows use.
  'PUT /api/users/me/details': async (caller) => {
    const payload = { name: 'Matrix Person', phone: '+1 555 010 2031' };
    if (caller === 'anonymous') return { payload };
    return { as: await createUser(t, { role: users[caller].role }), payload };
  },
  // A fresh account of the caller's role: changing its password changes nobody else's.
  'PUT /api/auth/password': async (caller) => {
    if (caller === 'anonymous') return { payload: { currentPassword: 'x', password: 'Matrix#456' } };
    const someone = await createUser(t, { role: users[caller].role });
    return { as: someone, payload: { currentPassword: someone.password, password: 'Matrix#456' } };
  },
  // An e-mail no account uses answers like one that does (and never hits one account's request limit).
  'POST /api/auth/password-reset': () => ({ payload: { email: `matrix-${randomUUID()}@example.com` } }),
  // A fresh account's e-mailed link each time: setting its password changes nobody else's.
  'POST /api/auth/password-reset/confirm': async () => {
    const someone = await createUser(t);
    await requestPasswordReset(t.app.db, someone.email, new Date());
    const [mail] = await t.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, someone.id), eq(notificationOutbox.kind, 'password_reset')));
    const { token } = mail.payload as { token: string };
    return { payload: { token, password: 'Matrix#123' } };
  },
  // A fresh unverified account of the caller's role: its resent link counts against nobody else's limit.
  'POST /api/auth/email-verification': async (caller) =>
    caller === 'anonymous' ? {} : { as: await createUser(t, { role: users[caller].role, verified: false }) },
  // A fresh account's e-mailed link each time: verifying it changes nobody else's.
  'POST /api/auth/email-verification/confirm': async () => {
    const someone = await createUser(t, { verified: false });
    await t.app.db.transaction((tx) => sendVerificationLink(tx, someone, new Date()));
    const [mail] = await t.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, someone.id), eq(notificationOutbox.kind, 'email_verification')));
    return { payload: { token: (mail.payload as { token: string }).token } };
  },
  // A fresh account of the caller's role: asking to move it moves nobody else.
  'PUT /api/users/me/email': async (caller) => {
    const email = `matrix-moved-${randomUUID()}@example.com`;
    if (caller === 'anonymous') return { payload: { email, password: 'x' } };
    const someone = await createUser(t, { role: users[caller].role });
    return { as: someone, payload: { email, password: someone.password } };
  },
  'PATCH /api/users/me/photo': () => ({ payload: { photoURL: '/uploads/matrix.webp' } }),
  // A fresh account of the caller's role, with its own password: deleting it erases nobody the other rows use.
  'DELETE /api/users/me': async (caller) => {
    if (caller === 'anonymous') return { payload: { password: 'x' } };
    const someone = await createUser(t, { role: users[caller].role });
    return { as: someone, payload: { password: someone.password } };
  },
  'GET /api/users/info': () => ({ url: `/api/users/info?email=${users.customerA.email}` }),
  'GET /api/users/admin/:email': () => ({ url: `/api/users/admin/${users.customerA.email}` }),
  'GET /api/users/vendor/:email': () => ({ url: `/api/users/vendor/${users.customerA.email}` }),
  'GET /api/users/:roll': () => ({ url: '/api/users/customer' }),
  'PATCH /api/users/admin/:id': async () => ({ url: `/api/users/admin/${(await freshCustomer()).id}` }),
  // The owner registers a shop for their own account: a fresh customer stands in for A, so A stays a customer.
  'PATCH /api/users/email/:email': async (caller) => {
    const owner = caller === 'customerA' ? await freshCustomer() : undefined;
    const email = owner?.email ?? users.customerA.email;
    return { url: `/api/users/email/${email}`, payload: SHOP, as: owner };
  },
  'DELETE /api/users/:roll/:email': async () => ({ url: `/api/users/customer/${(await freshCustomer()).email}` }),

  'GET /api/singleProduct/:id': () => ({ url: `/api/singleProduct/${product.id}` }),
  'GET /api/postcodes/:postcode': () => ({ url: '/api/postcodes/97201' }),
  'GET /api/singleShop/:id': () => ({ url: `/api/singleShop/${users.vendorA.id}` }),
  'GET /api/search': () => ({ url: '/api/search?q=carrots' }),
  'GET /api/search/suggest': () => ({ url: '/api/search/suggest?q=car' }),
  'GET /api/products/vendor': () => ({ url: `/api/products/vendor?email=${users.vendorA.email}` }),
  'POST /api/products': () => ({ payload: { ...PRODUCT_FIELDS, productCategory: 'vegetable' } }),
  'PUT /api/products/:id': () => ({ url: `/api/products/${product.id}`, payload: PRODUCT_FIELDS }),
  'DELETE /api/products/:id': async () => ({ url: `/api/products/${await freshProduct()}` }),
  'PATCH /api/products/:id': () => ({ url: `/api/products/${product.id}` }),
  'PUT /api/markdowns/shop': () => ({ payload: { percent: 30, days: 2 } }),

  'GET /api/comments/singleReview/:productId': () => ({ url: `/api/comments/singleReview/${product.id}` }),
  'GET /api/comments/:productId': () => ({ url: `/api/comments/${product.id}` }),
  'GET /api/comments/:productId/mine': () => ({ url: `/api/comments/${product.id}/mine` }),
  'POST /api/comments': () => ({ payload: { productId: product.id, commentDes: 'Still crunchy', rating: 4 } }),
  'GET /api/comments/product/:productId/for-vendor': () => ({
    url: `/api/comments/product/${product.id}/for-vendor`,
  }),
  'POST /api/comments/:id/report': () => ({ url: `/api/comments/${reviewId}/report` }),
  'POST /api/notifications/read': () => ({ payload: { all: true } }),
  'PUT /api/notifications/preferences': () => ({ payload: { step_changed: true } }),
  'PUT /api/users/me/place': () => ({ payload: { postcode: '97201' } }),
  'GET /api/outbox/mail/:name': () => ({ url: `/api/outbox/mail/${randomUUID()}.eml` }),
  'PUT /api/favourites/products/:id': () => ({ url: `/api/favourites/products/${product.id}` }),
  'DELETE /api/favourites/products/:id': () => ({ url: `/api/favourites/products/${product.id}` }),
  'PUT /api/favourites/shops/:id': () => ({ url: `/api/favourites/shops/${users.vendorA.id}` }),
  'DELETE /api/favourites/shops/:id': () => ({ url: `/api/favourites/shops/${users.vendorA.id}` }),
  'POST /api/moderation/reviews/:id': () => ({
    url: `/api/moderation/reviews/${reviewId}`,
    payload: { action: 'keep' },
  }),

  'GET /api/carts': () => ({ url: `/api/carts?email=${users.customerA.email}` }),
  'POST /api/carts': () => ({ payload: { productId: product.id, amount: 1 } }),
  'PATCH /api/carts/:id': async () => {
    const line = await addToCart(t, users.customerA, product.id);
    return { url: `/api/carts/${line.insertedId}`, payload: { amount: 1 } };
  },
  'DELETE /api/carts/:id': async () => {
    const line = await addToCart(t, users.customerA, product.id);
    return { url: `/api/carts/${line.insertedId}` };
  },
  // Each customer has vendor A's carrots in the cart (an order may have emptied it) before choosing their slot.
  'PUT /api/cart/fulfilment/:shopId': async (caller) => {
    if (caller === 'customerA' || caller === 'customerB') await addToCart(t, users[caller], product.id);
    const [, url, payload] = await choiceOf();
    return { url, payload };
  },
  'PUT /api/cart/delivery-address': () => ({ payload: { address: '2 Orchard Lane', postcode: '97214' } }),
  'POST /api/coupons': () => ({ payload: { code: `N${randomUUID().slice(0, 8)}`, kind: 'fixed', value: 1 } }),
  'DELETE /api/coupons/:id': async () => ({ url: `/api/coupons/${(await newCoupon())._id}` }),
  'POST /api/coupons/validate': () => ({ payload: { code: couponCode } }),
  'POST /api/payments/sandbox/confirm': () => ({
    payload: { ...checkoutIntent, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  }),
  'POST /api/payments/stripe/webhook': () => ({ payload: { type: 'payment_intent.succeeded' } }),
  'POST /api/customer-payment': () => ({ payload: { price: 0, ...BUYER } }),
  'POST /api/customerPayments': () => ({ payload: { ...BUYER, paymentIntentId: checkoutIntent.paymentIntentId } }),
  'POST /api/vendor-payment': () => ({ payload: { price: 1000 } }),
  // Each vendor names its own shop, so what is checked is whose membership payment it is.
  'POST /api/vendorPayments': (caller) => ({
    payload: {
      email: caller === 'anonymous' ? users.vendorA.email : users[caller].email,
      price: 1000,
      transactionId: membershipIntentId,
    },
  }),
  'PUT /api/admin/commission': () => ({ payload: { normalPercent: 10, premiumPercent: 5, orderFee: 0 } }),
  // The normal plan as seeded: the matrix's shops keep their limits.
  'PUT /api/admin/membership-plans/:key': () => ({
    url: '/api/admin/membership-plans/normal',
    payload: {
      name: 'Normal',
      unlimited: false,
      productLimit: 5,
      price: 0,
      billing: 'free',
      commissionPercent: 10,
      goldBadge: false,
      position: 0,
      active: true,
    },
  }),
  // No tax anywhere: the matrix's own orders keep their totals.
  'PUT /api/shops/:shopId/profile': () => ({
    url: `/api/shops/${users.vendorA.id}/profile`,
    payload: {
      shop: 'Vendor A Farm',
      image: '/uploads/shop.webp',
      address: '1 Market Street',
      phone: '+1 555 000 1111',
    },
  }),
  'GET /api/marketplace': () => ({}),
  'PUT /api/admin/marketplace': () => ({ payload: { distanceUnit: 'mi' } }),
  'PUT /api/admin/tax': () => ({
    payload: { pricesIncludeTax: false, rates: Object.fromEntries(CATEGORY_VALUES.map((category) => [category, 0])) },
  }),
  // A vendor onboards its own account: each vendor caller has connected one first.
  'POST /api/payouts/sandbox/onboarding': async (caller) => {
    if (caller === 'vendorA' || caller === 'vendorB')
      await ok(inject(users[caller], 'POST', '/api/payouts/account'), 200);
    return { payload: { accountHolder: 'Matrix Farm', routingNumber: '110000000', accountNumber: '000123456789' } };
  },
  'GET /api/payouts/statements/:month/:format': () => ({ url: '/api/payouts/statements/2026-11/csv' }),
  // The catalogue's CSV: an admin names the shop; a dry run of a header alone changes nothing.
  'GET /api/catalogue/export': (caller) => ({
    url: `/api/catalogue/export${caller === 'admin' ? `?shopId=${users.vendorA.id}` : ''}`,
  }),
  'POST /api/catalogue/import/columns': () => catalogueForm({}),
  'GET /api/catalogue/imports/:id': () => ({ url: `/api/catalogue/imports/${randomUUID()}` }),
  'POST /api/catalogue/imports': (caller) =>
    catalogueForm({ mapping: '{}', apply: 'false', ...(caller === 'admin' && { shopId: users.vendorA.id }) }),
  'PUT /api/admin/payouts/:shopId/hold': () => ({
    url: `/api/admin/payouts/${users.vendorA.id}/hold`,
    payload: { held: false },
  }),
  // Customer A's delivered order (recorded without a card payment: the admin is told nothing was charged).
  'POST /api/orders/:id/shops/:shopId/refunds': () => ({
    url: `/api/orders/${purchase.orderId}/shops/${users.vendorA.id}/refunds`,
    payload: { amount: 1 },
  }),
  'PATCH /api/vendor/:email': () => ({ url: `/api/vendor/${users.vendorA.email}`, payload: { badge: 'gold' } }),
  // The order desk, on customer A's order (recorded without a card payment: a refund is refused with 409).
  'GET /api/admin/orders/:id': () => ({ url: `/api/admin/orders/${purchase.orderId}` }),
  'POST /api/admin/orders/:id/shops/:shopId/refunds': () => ({
    url: `/api/admin/orders/${purchase.orderId}/shops/${users.vendorA.id}/refunds`,
    payload: { amount: 1, cause: 'quality', key: randomUUID() },
  }),
  // A fresh pending order of customer A with vendor A's line, so every call may cancel it.
  'POST /api/admin/orders/:id/shops/:shopId/cancellation': async () => {
    const { orderId } = await insertOrder(t, users.customerA, [{ product, amount: 1 }]);
    return { url: `/api/admin/orders/${orderId}/shops/${users.vendorA.id}/cancellation`, payload: { cause: 'late' } };
  },
  'POST /api/admin/orders/:id/receipt': () => ({ url: `/api/admin/orders/${purchase.orderId}/receipt` }),
  // Problem reports on customer A's order with vendor A (not delivered: its shopper's report is refused with 409).
  'POST /api/orders/:id/shops/:shopId/problems': () => ({
    url: `/api/orders/${purchase.orderId}/shops/${users.vendorA.id}/problems`,
    payload: { reason: 'damaged', text: 'Crushed' },
  }),
  'GET /api/orders/:id/problems': () => ({ url: `/api/orders/${purchase.orderId}/problems` }),
  // Vendor A's shop approved (again: it is listed already).
  'POST /api/admin/shops/:shopId/approval': () => ({
    url: `/api/admin/shops/${users.vendorA.id}/approval`,
    payload: { decision: 'approve' },
  }),
  // An open report on a fresh order of customer A, so every call may resolve it.
  'POST /api/admin/problems/:reportId/resolution': async () => {
    const { orderId } = await insertOrder(t, users.customerA, [{ product, amount: 1 }]);
    const [report] = await t.db
      .insert(problemReports)
      .values({ orderId, shopId: users.vendorA.id, shopperId: users.customerA.id, reason: 'other', text: 'Hm' })
      .returning({ id: problemReports.id });
    return { url: `/api/admin/problems/${report.id}/resolution`, payload: { resolution: 'Called the shopper' } };
  },

  'GET /api/customerPayments/:email': () => ({ url: `/api/customerPayments/${users.customerA.email}` }),
  'POST /api/orders': () => ({ payload: { transactionId: purchase.transactionId } }),
  'GET /api/invoice/:id': () => ({ url: `/api/invoice/${purchase.paymentId}` }),
  'GET /api/invoice/:id/pdf': () => ({ url: `/api/invoice/${purchase.paymentId}/pdf` }),
  'GET /api/orders/:id/tracking': () => ({ url: `/api/orders/${purchase.orderId}/tracking` }),
  // A fresh pending order of customer A with vendor A's line (no slot), so every call may cancel it.
  'POST /api/orders/:id/shops/:shopId/cancellation': async () => {
    const { orderId } = await insertOrder(t, users.customerA, [{ product, amount: 1 }]);
    return { url: `/api/orders/${orderId}/shops/${users.vendorA.id}/cancellation` };
  },
  // The same order without a slot: allowed callers get 409 (no time to move), the others their refusal.
  'PUT /api/orders/:id/shops/:shopId/slot': async () => {
    const { orderId } = await insertOrder(t, users.customerA, [{ product, amount: 1 }]);
    return { url: `/api/orders/${orderId}/shops/${users.vendorA.id}/slot`, payload: { slotId: 'x'.repeat(27) } };
  },
  // A fresh pending order of customer A with vendor A's line, so every call can ship it.
  'PATCH /api/vendor/orders/:orderId': async () => {
    const { orderId } = await insertOrder(t, users.customerA, [{ product, amount: 1 }]);
    return { url: `/api/vendor/orders/${orderId}`, payload: { status: 'shipped' } };
  },
  // Fresh pending orders of customer A with vendor A's line: a vendor's bulk step answers per order (200).
  'POST /api/vendor/orders/steps': async () => {
    const { orderId } = await insertOrder(t, users.customerA, [{ product, amount: 1 }]);
    return { payload: { orderIds: [orderId], status: 'shipped' } };
  },
  // Vendor A just shipped a fresh order of customer A: each call takes that step back with its token.
  'POST /api/vendor/orders/:orderId/undo': async () => {
    const { orderId } = await insertOrder(t, users.customerA, [{ product, amount: 1 }]);
    const moved = await ok<{ undo: { token: string } }>(
      inject(users.vendorA, 'PATCH', `/api/vendor/orders/${orderId}`, { status: 'shipped' }),
      200,
    );
    return { url: `/api/vendor/orders/${orderId}/undo`, payload: { token: moved.undo.token } };
  },
  // A pending order of customer A with vendor A's line sold by weight, weighed by each call.
  'PUT /api/vendor/orders/:orderId/lines/:lineId/weight': async () => {
    const { orderId } = await insertOrder(t, users.customerA, [{ product, amount: 1 }]);
    const [line] = await t.db
      .update(orderLines)
      .set({ estimatedGrams: 500 })
      .where(eq(orderLines.orderId, orderId))
      .returning({ id: orderLines.id });
    return { url: `/api/vendor/orders/${orderId}/lines/${line.id}/weight`, payload: { grams: 480 } };
  },

  'GET /api/shops/:shopId/fulfilment': () => ({ url: `/api/shops/${users.vendorA.id}/fulfilment` }),
  // With the point's and window's ids, so the window the cancellations name stays in use.
  'PUT /api/shops/:shopId/fulfilment': () => ({
    url: `/api/shops/${users.vendorA.id}/fulfilment`,
    payload: fulfilmentSettings(fulfilment),
  }),
  'POST /api/shops/:shopId/fulfilment/cancellations': () => {
    cancelledWeeks += 1;
    return {
      url: `/api/shops/${users.vendorA.id}/fulfilment/cancellations`,
      payload: { windowId: fulfilment.windowId, date: dayFromToday(7 * cancelledWeeks) },
    };
  },
  'DELETE /api/shops/:shopId/fulfilment/cancellations/:id': async () => ({
    url: `/api/shops/${users.vendorA.id}/fulfilment/cancellations/${(await freshCancellation()).id}`,
  }),
  'POST /api/shops/:shopId/fulfilment/closures': () => {
    cancelledWeeks += 1;
    return {
      url: `/api/shops/${users.vendorA.id}/fulfilment/closures`,
      payload: { from: dayFromToday(7 * cancelledWeeks), windowId: fulfilment.windowId },
    };
  },
  'DELETE /api/shops/:shopId/fulfilment/closures/:id': async () => ({
    url: `/api/shops/${users.vendorA.id}/fulfilment/closures/${(await freshCancellation()).id}`,
  }),
  'GET /api/shops/:shopId/slots': () => ({ url: `/api/shops/${users.vendorA.id}/slots` }),
  // Subscription plans of vendor A (a box served by its pickup window), a fresh one for each call that changes one.
  'GET /api/shops/:shopId/subscription-plans': () => ({ url: `/api/shops/${users.vendorA.id}/subscription-plans` }),
  'GET /api/shops/:shopId/subscription-plan-choices': () => ({
    url: `/api/shops/${users.vendorA.id}/subscription-plan-choices`,
  }),
  'POST /api/shops/:shopId/subscription-plans': () => ({
    url: `/api/shops/${users.vendorA.id}/subscription-plans`,
    payload: boxPlan(),
  }),
  'PUT /api/shops/:shopId/subscription-plans/:planId': async () => ({
    url: `/api/shops/${users.vendorA.id}/subscription-plans/${await freshPlan()}`,
    payload: boxPlan(),
  }),
  'POST /api/shops/:shopId/subscription-plans/:planId/end': async () => ({
    url: `/api/shops/${users.vendorA.id}/subscription-plans/${await freshPlan()}/end`,
  }),
  'GET /api/subscription-plans/shop/:shopId': () => ({ url: `/api/subscription-plans/shop/${users.vendorA.id}` }),
  'GET /api/subscription-plans/:id': async () => ({ url: `/api/subscription-plans/${await freshPlan()}` }),
  // Subscribing and a subscriber's own subscription (customer A's), and the sandbox's card steps.
  'GET /api/subscription-plans/:id/quote': async () => ({
    url: `/api/subscription-plans/${await freshPlan()}/quote?windowId=${fulfilment.windowId}&startsOn=${dayFromToday(0)}`,
  }),
  'POST /api/subscriptions': async (caller) => ({ payload: await subscribing(caller) }),
  'PUT /api/subscriptions/:id/skips/:date': async () => subscriptionUrl(`/skips/${(await subscriptionOfA()).date}`),
  'DELETE /api/subscriptions/:id/skips/:date': async () => subscriptionUrl(`/skips/${(await subscriptionOfA()).date}`),
  'PUT /api/subscriptions/:id/vacation': async () => ({
    ...(await subscriptionUrl('/vacation')),
    payload: { from: dayFromToday(20), until: dayFromToday(30) },
  }),
  'DELETE /api/subscriptions/:id/vacation': () => subscriptionUrl('/vacation'),
  'PUT /api/subscriptions/:id/window': async () => ({
    ...(await subscriptionUrl('/window')),
    payload: { windowId: fulfilment.windowId },
  }),
  'PUT /api/subscriptions/:id/card': async () => ({
    ...(await subscriptionUrl('/card')),
    payload: { setupIntentId: (await setupOf(users.customerA)).setupIntentId },
  }),
  'POST /api/subscriptions/:id/cancel': () => subscriptionUrl('/cancel'),
  'GET /api/subscriptions/:id/deliveries/:date': async () =>
    subscriptionUrl(`/deliveries/${(await subscriptionOfA()).date}`),
  'POST /api/subscriptions/:id/deliveries/:date/lines': async () => ({
    ...(await subscriptionUrl(`/deliveries/${(await subscriptionOfA()).date}/lines`)),
    payload: { optionId: randomUUID(), quantity: 1 },
  }),
  'PUT /api/subscriptions/:id/deliveries/:date/lines/:lineId': async () => ({
    ...(await subscriptionUrl(`/deliveries/${(await subscriptionOfA()).date}/lines/${randomUUID()}`)),
    payload: { optionId: randomUUID() },
  }),
  'PUT /api/subscriptions/:id/deliveries/:date/window': async () => ({
    ...(await subscriptionUrl(`/deliveries/${(await subscriptionOfA()).date}/window`)),
    payload: { windowId: fulfilment.windowId },
  }),
  'DELETE /api/subscriptions/:id/deliveries/:date/lines/:lineId': async () =>
    subscriptionUrl(`/deliveries/${(await subscriptionOfA()).date}/lines/${randomUUID()}`),
  'POST /api/payments/sandbox/confirm-setup': async () => ({
    payload: {
      ...(await ok<object>(inject(users.customerA, 'POST', '/api/subscriptions/card-setup'), 201)),
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    },
  }),
  'POST /api/payments/sandbox/authenticate-setup': async () => {
    const setup = await setupOf(users.customerA, '4000002500003155');
    return { payload: { ...setup, approve: true } };
  },
  // The farm's roster and its box's contents a week from today (a day of vendor A's pickup window).
  'GET /api/shops/:shopId/subscription-roster': () => ({ url: `/api/shops/${users.vendorA.id}/subscription-roster` }),
  'PUT /api/shops/:shopId/subscription-plans/:planId/box-contents/:date': async () => ({
    url: `/api/shops/${users.vendorA.id}/subscription-plans/${await freshPlan()}/box-contents/${dayFromToday(7)}`,
    payload: { contents: 'Leeks and kale' },
  }),
  'GET /api/subscription-plans/:id/boxes': async () => ({ url: `/api/subscription-plans/${await freshPlan()}/boxes` }),
  'GET /api/shops/:shopId/booked-slots': () => ({ url: `/api/shops/${users.vendorA.id}/booked-slots` }),
  'GET /api/shops/:shopId/booked-slots/:slotId': () => bookedSlotUrl(),
  'GET /api/shops/:shopId/booked-slots/:slotId/pick-list/:format': () => bookedSlotUrl('/pick-list/csv'),
  'GET /api/shops/:shopId/booked-slots/:slotId/packing-slips/:format': () => bookedSlotUrl('/packing-slips/pdf'),

  'POST /api/contact': () => ({
    payload: {
      name: 'Customer A',
      email: 'a@example.com',
      phone: '+1 555 000 2222',
      subject: 'Hello',
      reviewText: 'Lovely carrots.',
    },
  }),
  'POST /api/uploads': () => ({ payload: pictureForm() }),
};

/** Whose resource a route with an owner is aimed at. */
function ownerOf(access: RouteAccess): CallerName | null {
  if (!access.owner) return null;
  if (access.owner.of === 'shop') return 'vendorA';
  const allow = access.allow;
  return typeof allow !== 'string' && !allow.includes('customer') ? 'vendorA' : 'customerA';
}

/** `METHOD /path` with every parameter written `:` (the router prints `:a|:b` where two routes name it apart). */
const shape = (route: string) => route.replace(/:[A-Za-z0-9_]+(\|:[A-Za-z0-9_]+)*/g, ':');

function meets(outcome: Outcome, status: number, key: RouteKey) {
  if (status >= 500) return false;
  if (outcome !== 'allowed') return status === outcome;
  if (status === 404) return key in ABSENT_FOR_A_REASON;
  return status !== 401 && status !== 403 && status !== 400;
}

describe('authorization matrix', () => {
  it('classifies every registered /api route, and every row is a route', () => {
    const registered = registeredRoutes(t.app).filter((route) => route.split(' ')[1].startsWith('/api'));
    const rows = Object.keys(ROUTE_ACCESS);
    const rowShapes = new Set(rows.map(shape));
    const routeShapes = new Set(registered.map(shape));
    expect(registered.filter((route) => !rowShapes.has(shape(route)))).toEqual([]);
    expect(rows.filter((row) => !routeShapes.has(shape(row)))).toEqual([]);
  });

  it('every route × caller answers what its row promises', async () => {
    const failures: string[] = [];
    let pairs = 0;
    for (const [key, access] of Object.entries(ROUTE_ACCESS) as [RouteKey, RouteAccess][]) {
      const [method, path] = key.split(' ');
      const build = REQUESTS[key];
      if (!build && /[:*]/.test(path)) {
        failures.push(`${key}: no request in REQUESTS for a route with parameters`);
        continue;
      }
      const owner = ownerOf(access);
      for (const caller of CALLERS) {
        const call = (await build?.(caller)) ?? {};
        const user = call.as ?? (caller === 'anonymous' ? undefined : users[caller]);
        const outcome = expectedOutcome(access, { role: user?.role ?? null, owns: caller === owner });
        const response = await t.app.inject({
          method: method as 'GET',
          url: call.url ?? path,
          headers: { ...user?.auth, ...call.headers },
          payload: call.payload as object,
        });
        pairs += 1;
        if (!meets(outcome, response.statusCode, key)) {
          const wanted = outcome === 'allowed' ? 'allowed' : String(outcome);
          failures.push(
            `${key} as ${caller}: wanted ${wanted}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    console.info(`authorization matrix: ${pairs} route × caller pairs, ${failures.length} not as the table says`);
    expect(failures).toEqual([]);
    // About 700 calls: on a loaded machine (several test runs at once) they take longer than the default 30 s.
  }, 120_000);

  it('refuses an anonymous caller of every protected route before reading its input (401, not 400)', async () => {
    const answered: string[] = [];
    for (const [key, access] of Object.entries(ROUTE_ACCESS) as [RouteKey, RouteAccess][]) {
      if (access.allow === 'public') continue;
      const [method, path] = key.split(' ');
      // Parameters, query and body are all invalid: only a guard that runs first can answer 401.
      const url = `${path.replace(/:\w+|\*/g, '%00not-valid')}?page=-1&cursor=%00`;
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : '{"x":',
      });
      if (response.statusCode !== 401) answered.push(`${key}: ${response.statusCode}`);
    }
    expect(answered).toEqual([]);
  });
});

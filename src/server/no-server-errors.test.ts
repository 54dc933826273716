import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '#contract/errors.ts';
import { MAX_LINE_UNITS, ORDER_TOO_LARGE } from '#contract/money.ts';
import { PRICE_TOO_HIGH } from '#contract/products.ts';
import { encodeCursor } from './modules/catalog/cursor.ts';
import { addToCart, confirmOrder, createProduct, payCart, startPayment } from './modules/checkout/test-fixtures.ts';
import { contactMessage, sendContact } from './modules/contact/test-contact.ts';
import { setupTestApp } from './test/app.ts';
import { dayFromToday } from './test/dates.ts';
import { hostileString, type Pools, requestFor } from './test/fuzz.ts';
import { listApiRoutes } from './test/routes.ts';
import { createUser, type TestUser } from './test/users.ts';

/** Fixed, so a failure found in CI is found again on any machine. */
const SEED = 20_260_609;
/** Generated requests per route and role (each route is fuzzed as anonymous, customer, vendor and admin). */
const RUNS = 25;

const t = setupTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_UPLOADS_PER_HOUR: '1000000' });
let customer: TestUser;
let vendor: TestUser;
let admin: TestUser;
let pools: Pools;
let png: Buffer;

beforeAll(async () => {
  [customer, vendor, admin] = await Promise.all([
    createUser(t),
    createUser(t, { role: 'vendor', membership: 'premium' }),
    createUser(t, { role: 'admin' }),
  ]);
  const [buyer, otherVendor] = await Promise.all([createUser(t), createUser(t, { role: 'vendor' })]);
  const products = await Promise.all([
    createProduct(t, vendor, { stock: 1000 }),
    createProduct(t, vendor, { stock: 1000, priceCents: 123_45 }),
    createProduct(t, otherVendor, { stock: 1000 }),
  ]);
  const line = await addToCart(t, customer, products[0].id, 2);
  // A paid order of someone else's, so payment, order and invoice ids exist.
  await addToCart(t, buyer, products[2].id, 1);
  const { intent } = await payCart(t, buyer);
  const order = (await confirmOrder(t, buyer, intent.paymentIntentId)).json();
  const coupon = await t.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: admin.auth,
    payload: { code: 'FUZZ10', kind: 'percent', value: 10 },
  });
  pools = {
    ids: [
      ...products.map((p) => p.id),
      line.insertedId,
      order._id,
      order.orderId,
      coupon.json()._id,
      customer.id,
      vendor.id,
      otherVendor.id,
      buyer.id,
    ].filter((id): id is string => typeof id === 'string'),
    productIds: products.map((p) => p.id),
    emails: [customer.email, vendor.email, admin.email, buyer.email, otherVendor.email],
  };
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a3' } })
    .png()
    .toBuffer();
});

function multipart(boundary: string, field: string, data: Buffer, type = 'image/png'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="p.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

describe('known server errors are client errors now', () => {
  it('NUL and other control characters in a body, query or path field: 400 naming the field', async () => {
    const contact = await sendContact(t, { ...contactMessage, name: 'Ann\u0000' });
    expect(contact.statusCode).toBe(400);
    expect(contact.json().error.fields).toEqual({ name: 'Text may not contain control characters' });

    // A vendor: the route refuses a customer (403) before it reads the query.
    const query = await t.app.inject({ url: '/api/products/vendor?email=a%00b%40example.com', headers: vendor.auth });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toHaveProperty('email');

    const path = await t.app.inject({ url: '/api/users/admin/a%00b%40example.com', headers: customer.auth });
    expect(path.statusCode).toBe(400);
    expect(path.json().error.fields).toHaveProperty('email');

    const c1 = await t.app.inject({ url: '/api/shops?q=%C2%85' });
    expect(c1.statusCode).toBe(400);

    // Tab, line feed and carriage return are text.
    const multiLine = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Ann',
        email: 'ann@example.com',
        phone: '+1 555 0100',
        subject: 'Hi',
        reviewText: 'Line one\r\n\tLine two',
      },
    });
    expect(multiLine.statusCode).toBe(201);
  });

  it('a body of null to a product edit, and a plan priced a billionth of a cent, are 400s naming why', async () => {
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/products/00000000-0000-1000-8000-000000000000',
      headers: { ...vendor.auth, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields).toHaveProperty('body');

    const plan = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/membership-plans/tiny',
      headers: admin.auth,
      payload: {
        name: 'Tiny',
        unlimited: true,
        price: 1e-164,
        billing: 'monthly',
        commissionPercent: 0,
        goldBadge: false,
      },
    });
    expect(plan.statusCode).toBe(400);
    expect(plan.json().error.fields).toEqual({ price: 'A paid plan costs more than $0; or make it free' });
  });

  it('a cursor that does not decode, or carries a value the column cannot hold, is a 400', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const forged = [
      encodeCursor({ sort: 'price-asc', value: 1.5, id }),
      encodeCursor({ sort: 'price-desc', value: 2 ** 31, id }),
      encodeCursor({ sort: 'popular', value: 1e300, id }),
      encodeCursor({ sort: 'newest', value: '1', id }),
      encodeCursor({ sort: 'newest', value: '2026-02-30 10:00:00+00', id }),
      encodeCursor({ sort: 'newest', value: 'May 5 2026', id }),
      Buffer.from('{"s":"popular","v":1,"i":"x"}').toString('base64url'),
      Buffer.from('[1,2,3]').toString('base64url'),
      '%%%',
    ];
    for (const cursor of forged) {
      const sort = JSON.parse(Buffer.from(cursor, 'base64url').toString() || 'null')?.s ?? 'popular';
      const response = await t.app.inject({ url: `/api/products?sort=${sort}&cursor=${encodeURIComponent(cursor)}` });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.fields.cursor).toContain('not valid');
    }
    const real = encodeCursor({ sort: 'newest', value: '2026-05-31 12:00:00.123456+00', id });
    expect((await t.app.inject({ url: `/api/products?sort=newest&cursor=${real}` })).statusCode).toBe(200);
  });

  it('a multipart upload cut off mid-part is a 400', async () => {
    const body = multipart('fuzzboundary', 'image', png);
    for (const cut of [20, 120, body.length - 30]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...customer.auth, 'content-type': 'multipart/form-data; boundary=fuzzboundary' },
        payload: body.subarray(0, cut),
      });
      expect(response.statusCode, `cut at ${cut}`).toBe(400);
      expect(response.json().error.message).toContain('cut off');
    }
  });

  it('prices and quantities are capped before any arithmetic: no total can leave the integer column', async () => {
    const tooDear = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: vendor.auth,
      payload: {
        productName: 'Golden melon',
        productDetails: 'Very dear',
        productQuantity: 1,
        productionCost: 90_000,
        profitMargin: 20,
        productManufacturingDate: '2026-01-01',
        productExpireDate: dayFromToday(365),
        productImage: '/uploads/x.webp',
        productCategory: 'fruit',
      },
    });
    expect(tooDear.statusCode).toBe(400);
    expect(tooDear.json().error.fields).toEqual({ profitMargin: PRICE_TOO_HIGH });

    const shopper = await createUser(t);
    const melon = await createProduct(t, vendor, { priceCents: 10_000_000, stock: 5000 });
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: shopper.auth,
      payload: { productId: melon.id, amount: MAX_LINE_UNITS + 1 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.amount).toBe('At most 999 of one product per order');
    await addToCart(t, shopper, melon.id, MAX_LINE_UNITS);
    const oneMore = await t.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: shopper.auth,
      payload: { productId: melon.id, amount: 1 },
    });
    expect(oneMore.statusCode).toBe(409);
    expect(oneMore.json().error.message).toContain('at most 999');

    // 999 × $100,000 is more than an integer column holds in cents: checkout refuses it before charging.
    const checkout = await startPayment(t, shopper, {});
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().error.message).toBe(ORDER_TOO_LARGE);
  });
});

function inErrorShape(body: string): boolean {
  try {
    return errorResponse.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}

const ROLES = ['anonymous', 'customer', 'vendor', 'admin'] as const;
const headersOf = (role: (typeof ROLES)[number]) =>
  role === 'anonymous' ? {} : { customer, vendor, admin }[role].auth;

/** Multipart bodies for the upload route: whole, cut off anywhere, wrong field, not a picture, no boundary. */
function uploadRequest(): fc.Arbitrary<InjectOptions> {
  return fc
    .record({
      field: fc.constantFrom('image', 'image', 'file', '\u0000', ''),
      data: fc.oneof(
        fc.constant(png),
        fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
      ),
      cut: fc.option(fc.nat({ max: 400 }), { nil: undefined }),
      boundary: fc.constantFrom('fuzzboundary', ''),
    })
    .map(({ field, data, cut, boundary }) => {
      const body = multipart('fuzzboundary', field, data);
      return {
        method: 'POST' as const,
        url: '/api/uploads',
        headers: { 'content-type': boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data' },
        payload: cut === undefined ? body : body.subarray(0, cut),
      };
    });
}

describe('no input gets a 5xx (property-based, every route, every role)', () => {
  it('answers every generated request, schema-shaped and hostile, below 500 (refusals in the error shape)', {
    timeout: 180_000,
  }, async () => {
    const routes = listApiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(70);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    const started = performance.now();
    for (const [index, route] of routes.entries()) {
      // The one multipart route gets multipart bodies; every other route takes JSON, a query and path ids.
      const request = route.path === '/api/uploads' ? uploadRequest() : requestFor(route, pools);
      for (const [roleIndex, role] of ROLES.entries()) {
        const property = fc.asyncProperty(request, async (options) => {
          const response = await t.app.inject({ ...options, headers: { ...options.headers, ...headersOf(role) } });
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          // Below 500, and every refusal in the one error shape.
          return response.statusCode < 400 || (response.statusCode < 500 && inErrorShape(response.body));
        });
        const result = await fc.check(property, { seed: SEED + index * ROLES.length + roleIndex, numRuns: RUNS });
        if (result.failed) {
          const example = JSON.stringify(result.counterexample?.[0]).slice(0, 500);
          failures.push(`${route.method} ${route.path} as ${role}: ${example}`);
        }
      }
    }
    const sent = Object.values(statuses).reduce((sum, n) => sum + n, 0);
    const serverErrors = Object.entries(statuses).reduce(
      (sum, [status, n]) => sum + (Number(status) >= 500 ? n : 0),
      0,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz: ${routes.length} routes × ${ROLES.length} roles, ${sent} requests (shrinking included), ` +
        `${serverErrors} answered 5xx, ${seconds} s; by status ${JSON.stringify(statuses)}`,
    );
    expect(failures).toEqual([]);
  });

  it('hostile strings never throw in the generator itself (the fuzz is not vacuous)', () => {
    const samples = fc.sample(hostileString, { seed: SEED, numRuns: 200 });
    expect(samples.some((s) => [...s].some((c) => c.charCodeAt(0) < 0x20))).toBe(true);
    expect(samples.some((s) => s.length > 10_000)).toBe(true);
  });
});

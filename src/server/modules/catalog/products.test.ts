import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRODUCT_LIMIT_MESSAGE } from '#contract/products.ts';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { products } from './tables.ts';
import { insertProduct, statementsDuring } from './test-products.ts';

const t = setupTestApp();
const vendor = setupUser(t, { role: 'vendor' });
const otherVendor = setupUser(t, { role: 'vendor' });
const customer = setupUser(t, { role: 'customer' });

const newProduct = {
  productName: 'Heirloom Tomatoes',
  productDetails: 'Sun-ripened, picked this morning.',
  productCategory: 'vegetable',
  productQuantity: 25,
  productionCost: 4,
  profitMargin: 12.5,
  productManufacturingDate: '2026-01-10',
  productExpireDate: dayFromToday(365),
  productImage: '/uploads/11111111-1111-4111-8111-111111111111.webp',
};

/** POST /api/products as `user` (the new product above unless another payload is given). */
const addProduct = (user: TestUser, payload: object = newProduct) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: user.auth, payload });

describe('POST /api/products', () => {
  it('lists the product with the price computed by the server and the unit of its category', async () => {
    const response = await addProduct(vendor, { ...newProduct, productPrice: 0.01 });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.insertedId).toBe(body.product._id);
    expect(body.product).toMatchObject({
      productName: 'Heirloom Tomatoes',
      email: vendor.email,
      productPrice: 4.5,
      productionCost: 4,
      profitMargin: 12.5,
      productQuantity: { value: 25, unit: 'kg' },
      popularity: 0,
      shopName: `${vendor.name}'s Farm`,
      expired: false,
    });
  });

  it("accepts the spec client's productQuantity {value, unit}", async () => {
    const v = await createUser(t, { role: 'vendor' });
    const response = await addProduct(v, {
      ...newProduct,
      productCategory: 'milk',
      productQuantity: { value: 7, unit: 'kg' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().product.productQuantity).toEqual({ value: 7, unit: 'liter' });
  });

  it('requires every field and an expiry after manufacture', async () => {
    const empty = await addProduct(vendor, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields).sort()).toEqual(
      [
        'productCategory',
        'productDetails',
        'productExpireDate',
        'productImage',
        'productManufacturingDate',
        'productName',
        'productQuantity',
        'productionCost',
        'profitMargin',
      ].sort(),
    );
    const backwards = await addProduct(vendor, { ...newProduct, productExpireDate: '2026-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.productExpireDate).toBe('Expire Date must be after the Manufacturing Date');
    const past = await addProduct(vendor, {
      ...newProduct,
      productManufacturingDate: '2020-01-01',
      productExpireDate: '2020-02-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.productExpireDate).toBe('The Expire Date has already passed');
  });

  it('is for vendors only', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/products', payload: newProduct });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await addProduct(customer);
    expect(asCustomer.statusCode).toBe(403);
  });

  it('refuses a 6th product of a normal member with the spec message, not a premium one', async () => {
    const normal = await createUser(t, { role: 'vendor', membership: 'normal' });
    for (let i = 0; i < 5; i++) await insertProduct(t, normal.id);
    const allowance = await t.app.inject({ url: '/api/products/vendor/allowance', headers: normal.auth });
    expect(allowance.json()).toEqual({
      membership: 'normal',
      productCount: 5,
      limit: 5,
      canAdd: false,
      message: PRODUCT_LIMIT_MESSAGE,
    });
    const sixth = await addProduct(normal);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.message).toBe(PRODUCT_LIMIT_MESSAGE);

    const premium = await createUser(t, { role: 'vendor', membership: 'premium' });
    for (let i = 0; i < 5; i++) await insertProduct(t, premium.id);
    const premiumSixth = await addProduct(premium);
    expect(premiumSixth.statusCode).toBe(201);
  });

  it('lets two simultaneous adds take only the last free place', async () => {
    const racer = await createUser(t, { role: 'vendor' });
    for (let i = 0; i < 4; i++) await insertProduct(t, racer.id);
    const results = await Promise.all([1, 2, 3].map(() => addProduct(racer)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});

describe('reading products', () => {
  it('GET /api/singleProduct/:id answers an offered product and 404 for unlisted, expired or unknown', async () => {
    const id = await insertProduct(t, vendor.id, { name: 'Fresh Basil' });
    const ok = await t.app.inject({ url: `/api/singleProduct/${id}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ _id: id, productName: 'Fresh Basil', shopId: vendor.id });

    const expired = await insertProduct(t, vendor.id, { manufacturedOn: '2020-01-01', expiresOn: '2020-06-01' });
    expect((await t.app.inject({ url: `/api/singleProduct/${expired}` })).statusCode).toBe(404);
    const unlisted = await insertProduct(t, vendor.id, { listed: false });
    expect((await t.app.inject({ url: `/api/singleProduct/${unlisted}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/singleProduct/not-an-id' })).statusCode).toBe(400);
  });

  it("GET /api/singleProduct/:id is one SQL statement with the first screen's rating summary", async () => {
    const id = await insertProduct(t, vendor.id, { name: 'Rated Basil' });
    const [ann, bob, cid] = [await createUser(t), await createUser(t), await createUser(t)];
    const review = (user: TestUser, rating: number, status = 'visible') =>
      t.db.execute(sql`INSERT INTO comments (product_id, user_id, comment_des, rating, status)
        VALUES (${id}::uuid, ${user.id}::uuid, 'Good', ${rating}, ${status}::review_status)`);
    await review(ann, 5);
    await review(bob, 2);
    await review(cid, 1, 'removed');
    const rated = await statementsDuring(t, async () => {
      const response = await t.app.inject({ url: `/api/singleProduct/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        productName: 'Rated Basil',
        reviewSummary: { reviewCount: 2, averageRating: 3 },
      });
    });
    expect(rated).toHaveLength(1);
    const unrated = await insertProduct(t, vendor.id);
    const statements = await statementsDuring(t, async () => {
      expect((await t.app.inject({ url: `/api/singleProduct/${unrated}` })).json()).toMatchObject({
        reviewSummary: { reviewCount: 0, averageRating: 0 },
      });
    });
    expect(statements).toHaveLength(1);
  });

  it('GET /api/products/vendor: the vendor and admins only, with expired products flagged', async () => {
    const v = await createUser(t, { role: 'vendor' });
    await insertProduct(t, v.id, { name: 'Fresh one' });
    await insertProduct(t, v.id, { name: 'Old one', manufacturedOn: '2020-01-01', expiresOn: '2020-06-01' });
    await insertProduct(t, v.id, { name: 'Deleted one', listed: false });
    const own = await t.app.inject({
      url: `/api/products/vendor?email=${encodeURIComponent(v.email)}`,
      headers: v.auth,
    });
    expect(own.statusCode).toBe(200);
    expect(
      own
        .json()
        .map((p: { productName: string; expired: boolean }) => [p.productName, p.expired])
        .sort(),
    ).toEqual([
      ['Fresh one', false],
      ['Old one', true],
    ]);
    const admin = await createUser(t, { role: 'admin' });
    expect(
      (await t.app.inject({ url: `/api/products/vendor?email=${encodeURIComponent(v.email)}`, headers: admin.auth }))
        .statusCode,
    ).toBe(200);
    const other = await t.app.inject({
      url: `/api/products/vendor?email=${encodeURIComponent(v.email)}`,
      headers: otherVendor.auth,
    });
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/products/vendor?email=${v.email}` })).statusCode).toBe(401);
  });
});

describe('changing products', () => {
  it('PUT /api/products/:id edits own products, recomputes the price, and refuses others (403)', async () => {
    const id = await insertProduct(t, vendor.id);
    const edit = {
      productName: 'Renamed',
      productDetails: 'New details',
      productQuantity: 3,
      productionCost: 10,
      profitMargin: 50,
      productManufacturingDate: '2026-02-01',
      productExpireDate: dayFromToday(400),
      productImage: '/uploads/22222222-2222-4222-8222-222222222222.webp',
    };
    const denied = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: otherVendor.auth,
      payload: edit,
    });
    expect(denied.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: vendor.auth, payload: edit });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ productName: 'Renamed', productPrice: 15, productQuantity: { value: 3 } });
  });

  it('DELETE /api/products/:id unlists own products only', async () => {
    const id = await insertProduct(t, vendor.id);
    const denied = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: otherVendor.auth });
    expect(denied.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: vendor.auth });
    expect(ok.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const [row] = await t.db.select({ listed: products.listed }).from(products).where(eq(products.id, id));
    expect(row.listed).toBe(false);
    expect((await t.app.inject({ url: `/api/singleProduct/${id}` })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: vendor.auth });
    expect(again.statusCode).toBe(404);
  });

  it('PATCH /api/products/:id without a body raises popularity by one (signed in)', async () => {
    const id = await insertProduct(t, vendor.id);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/products/${id}` })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: customer.auth });
    expect(response.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await t.app.inject({ url: `/api/singleProduct/${id}` })).json().popularity).toBe(1);
    const expired = await insertProduct(t, vendor.id, { manufacturedOn: '2020-01-01', expiresOn: '2020-06-01' });
    const stale = await t.app.inject({ method: 'PATCH', url: `/api/products/${expired}`, headers: customer.auth });
    expect(stale.statusCode).toBe(404);
  });
});

describe('a price the farmer types (issue 32, item 1)', () => {
  const typed = { ...newProduct, productionCost: undefined, profitMargin: undefined, pricing: 'price' };
  const stored = async (id: string) => {
    const [row] = await t.db
      .select({ cost: products.productionCostCents, margin: products.profitMarginBp, price: products.priceCents })
      .from(products)
      .where(eq(products.id, id));
    return row;
  };

  it('lists a product at the price typed, with or without a cost, and shows the vendor the derived margin', async () => {
    const seller = await createUser(t, { role: 'vendor' });
    const noCost = await addProduct(seller, { ...typed, productPrice: 6 });
    expect(noCost.statusCode).toBe(201);
    expect(noCost.json().product).toMatchObject({
      productPrice: 6,
      productionCost: null,
      profitMargin: null,
      pricing: 'price',
    });
    expect(await stored(noCost.json().insertedId)).toEqual({ cost: null, margin: null, price: 600 });

    const withCost = await addProduct(seller, { ...typed, productPrice: 4.5, productionCost: 3 });
    expect(withCost.json().product).toMatchObject({ productPrice: 4.5, productionCost: 3, profitMargin: 50 });
    expect(await stored(withCost.json().insertedId)).toEqual({ cost: 300, margin: null, price: 450 });

    // Below the cost: a loss the vendor is shown.
    const below = await addProduct(seller, { ...typed, productPrice: 2.7, productionCost: 3 });
    expect(below.json().product.profitMargin).toBe(-10);

    // The spec's client sends cost, margin and its own price: the price follows from cost and margin.
    const spec = await addProduct(seller, { ...newProduct, productPrice: 99 });
    expect(spec.json().product).toMatchObject({ productPrice: 4.5, pricing: 'costAndMargin' });
  });

  it('asks for the price, keeps it within the limit, and needs no cost', async () => {
    const missing = await addProduct(vendor, typed);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ productPrice: 'This field is required' });
    const dear = await addProduct(vendor, { ...typed, productPrice: 100_000.01 });
    expect(dear.json().error.fields).toEqual({ productPrice: 'At most $100,000' });
    const cents = await addProduct(vendor, { ...typed, productPrice: 1.005 });
    expect(cents.json().error.fields).toEqual({ productPrice: 'At most two decimals' });
    const costless = await addProduct(vendor, { ...newProduct, pricing: 'costAndMargin', productionCost: null });
    expect(costless.json().error.fields).toEqual({ productionCost: 'This field is required' });
  });

  it('moves a product between a typed price and cost and margin when edited', async () => {
    const seller = await createUser(t, { role: 'vendor' });
    const id = (await addProduct(seller)).json().insertedId as string;
    const edit = (body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: seller.auth, payload: body });
    const toTyped = await edit({ ...typed, productPrice: 5.25, productionCost: 4 });
    expect(toTyped.statusCode).toBe(200);
    expect(toTyped.json()).toMatchObject({
      pricing: 'price',
      productPrice: 5.25,
      productionCost: 4,
      profitMargin: 31.25,
    });
    expect(await stored(id)).toEqual({ cost: 400, margin: null, price: 525 });
    const back = await edit({ ...newProduct, pricing: 'costAndMargin', productPrice: 5.25 });
    expect(back.json()).toMatchObject({ pricing: 'costAndMargin', productPrice: 4.5, profitMargin: 12.5 });
    expect(await stored(id)).toEqual({ cost: 400, margin: 1250, price: 450 });
    // Shoppers read the price only.
    const shown = (await t.app.inject({ url: `/api/singleProduct/${id}` })).json();
    expect(shown.productPrice).toBe(4.5);
    for (const field of ['productionCost', 'profitMargin', 'pricing', 'email']) expect(shown).not.toHaveProperty(field);
  });
});

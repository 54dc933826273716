import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { productOptions, products } from '../catalog/tables.ts';
import { createProduct, productRow } from '../checkout/test-fixtures.ts';

const t = setupTestApp();
const vendor = setupUser(t, { role: 'vendor' });

const add = (user: TestUser, productId: string, amount?: number) =>
  t.app.inject({ method: 'POST', url: '/api/carts', headers: user.auth, payload: { productId, amount } });
const addOption = (user: TestUser, productId: string, optionId: string, amount?: number) =>
  t.app.inject({ method: 'POST', url: '/api/carts', headers: user.auth, payload: { productId, optionId, amount } });
const list = (user: TestUser, email = user.email) =>
  t.app.inject({ method: 'GET', url: `/api/carts?email=${encodeURIComponent(email)}`, headers: user.auth });

describe('cart', () => {
  it('adds one unit by default, raises an existing line, and the popularity once for this shopper', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, { name: 'Carrots', priceCents: 250, stock: 10 });
    const first = await add(shopper, product.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: 1, productName: 'Carrots' });
    const second = await add(shopper, product.id, 3);
    expect(second.json()).toMatchObject({ insertedId: first.json().insertedId, amount: 4 });
    expect((await productRow(t, product.id)).popularity).toBe(1);

    const cart = await list(shopper);
    expect(cart.statusCode).toBe(200);
    expect(cart.json()).toEqual([
      {
        _id: first.json().insertedId,
        productId: product.id,
        email: shopper.email,
        image: '/uploads/product.webp',
        name: 'Carrots',
        spendMoney: 10,
        amount: 4,
        price: 2.5,
        shopName: `${vendor.name}'s Farm`,
        shopId: vendor.id,
        stock: 10,
        unit: 'kg',
        available: true,
        unavailableReason: null,
        // No deal and no near-expiry markdown: full price.
        saving: null,
        // Its one option (decision 052): no label to show.
        optionId: product.optionIds[0],
        optionLabel: null,
      },
    ]);
  });

  it('never goes above the stock, with a clear message, and leaves popularity alone then', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, { name: 'Honey', stock: 2 });
    expect((await add(shopper, product.id, 2)).statusCode).toBe(201);
    const over = await add(shopper, product.id, 1);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('Only 2 of Honey in stock and your cart already has 2');
    expect((await productRow(t, product.id)).popularity).toBe(1);
    expect((await list(shopper)).json()[0].amount).toBe(2);
  });

  it('refuses sold-out and expired products and marks such lines in the cart', async () => {
    const shopper = await createUser(t);
    const soldOut = await createProduct(t, vendor, { name: 'Figs', stock: 0 });
    expect((await add(shopper, soldOut.id)).json().error.message).toBe('Figs is sold out');
    const expired = await createProduct(t, vendor, { name: 'Old milk', expiresOn: '2024-06-01' });
    expect((await add(shopper, expired.id)).json().error.message).toBe(
      'Old milk has expired and can no longer be bought',
    );

    const product = await createProduct(t, vendor, { name: 'Plums', stock: 3 });
    await add(shopper, product.id, 2);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    const [line] = (await list(shopper)).json();
    expect(line).toMatchObject({ name: 'Plums', stock: 0, available: false, unavailableReason: 'sold_out' });
  });

  it('answers an unknown product with 404 and a bad body with 400', async () => {
    const shopper = await createUser(t);
    expect((await add(shopper, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await add(shopper, 'nope', 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ productId: 'Choose a product', amount: 'Add at least 1' });
  });

  it('is private: 401 signed out, 403 for another e-mail, vendors and admins, and for others’ lines', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const product = await createProduct(t, vendor);
    const { insertedId } = (await add(owner, product.id)).json();

    expect((await t.app.inject({ method: 'GET', url: `/api/carts?email=${owner.email}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/carts', payload: { productId: product.id } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/carts/${insertedId}` })).statusCode).toBe(401);
    expect((await list(other, owner.email)).statusCode).toBe(403);
    expect((await add(vendor, product.id)).statusCode).toBe(403);
    const admin = await createUser(t, { role: 'admin' });
    expect((await list(admin, owner.email)).statusCode).toBe(403);

    const stolen = await t.app.inject({ method: 'DELETE', url: `/api/carts/${insertedId}`, headers: other.auth });
    expect(stolen.statusCode).toBe(403);
    expect((await list(owner)).json()).toHaveLength(1);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/carts/${insertedId}`, headers: owner.auth });
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect((await list(owner)).json()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/carts/${insertedId}`, headers: owner.auth });
    expect(again.statusCode).toBe(404);
  });
});

describe('sizes and packs (decision 052)', () => {
  const eggs = (pool = 60) =>
    createProduct(t, vendor, {
      name: 'Eggs',
      options: [
        { label: 'Half dozen', priceCents: 350, draws: 6, unit: 'pack' },
        { label: 'Dozen', priceCents: 650, draws: 12 },
      ],
      pool,
    });

  it('adds the first option by default; each size is its own line with its price, label and units', async () => {
    const shopper = await createUser(t);
    const product = await eggs();
    const [halfDozen, dozen] = product.optionIds;
    const first = await add(shopper, product.id, 2);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: 2, productName: 'Eggs', optionId: halfDozen });
    const second = await addOption(shopper, product.id, dozen, 1);
    expect(second.statusCode).toBe(201);
    expect(second.json().insertedId).not.toBe(first.json().insertedId);
    expect((await addOption(shopper, product.id, dozen, 1)).json()).toMatchObject({ amount: 2, optionId: dozen });
    const cart = (await list(shopper)).json();
    expect(cart).toHaveLength(2);
    expect(cart).toEqual([
      expect.objectContaining({
        productId: product.id,
        optionId: halfDozen,
        optionLabel: 'Half dozen',
        name: 'Eggs',
        amount: 2,
        price: 3.5,
        spendMoney: 7,
        stock: 10,
        available: true,
      }),
      expect.objectContaining({
        productId: product.id,
        optionId: dozen,
        optionLabel: 'Dozen',
        amount: 2,
        price: 6.5,
        spendMoney: 13,
        stock: 5,
        available: true,
      }),
    ]);
    // A product counts one shopper once, whatever the sizes.
    expect((await productRow(t, product.id)).popularity).toBe(1);
  });

  it("refuses another product's option and an option no longer sold with 400 on optionId", async () => {
    const shopper = await createUser(t);
    const product = await eggs();
    const other = await createProduct(t, vendor, { name: 'Milk' });
    const wrong = await addOption(shopper, product.id, other.optionIds[0]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ optionId: 'Choose a size of this product' });
    const unknown = await addOption(shopper, product.id, randomUUID());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ optionId: 'Choose a size of this product' });
    await t.db.update(productOptions).set({ listed: false }).where(eq(productOptions.id, product.optionIds[1]));
    const unlisted = await addOption(shopper, product.id, product.optionIds[1]);
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().error.fields).toEqual({ optionId: 'Choose a size of this product' });
    expect((await addOption(shopper, product.id, 'nope')).json().error.fields).toMatchObject({
      optionId: 'Choose a size of this product',
    });
    expect((await list(shopper)).json()).toEqual([]);
  });

  it('never lets two sizes of one pool take more than it together, in the add and in the cart', async () => {
    const shopper = await createUser(t);
    const product = await eggs(20);
    const [halfDozen, dozen] = product.optionIds;
    expect((await addOption(shopper, product.id, dozen, 1)).statusCode).toBe(201);
    // 12 + 2 × 6 = 24 eggs of 20: refused, though 2 half dozens alone would fit.
    const over = await addOption(shopper, product.id, halfDozen, 2);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(
      'Only 1 more of Eggs — Half dozen in stock: the other sizes of Eggs in your cart take 12 of the 20 left',
    );
    const line = await addOption(shopper, product.id, halfDozen, 1);
    expect(line.statusCode).toBe(201);
    // Raising the dozen to 2 would take 24 + 6.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/carts/${(await list(shopper)).json()[0]._id}`,
      headers: shopper.auth,
      payload: { amount: 2 },
    });
    expect(patch.statusCode).toBe(409);
    const cart = (await list(shopper)).json();
    expect(cart.map((l: { amount: number; available: boolean }) => [l.amount, l.available])).toEqual([
      [1, true],
      [1, true],
    ]);

    // The pool comes down to 15: each size alone fits, both together (18) do not.
    await t.db.update(products).set({ stock: 15 }).where(eq(products.id, product.id));
    const after = (await list(shopper)).json();
    expect(after).toEqual([
      expect.objectContaining({ optionId: dozen, stock: 1, available: false, unavailableReason: 'not_enough_stock' }),
      expect.objectContaining({
        optionId: halfDozen,
        stock: 2,
        available: false,
        unavailableReason: 'not_enough_stock',
      }),
    ]);
    // Another shopper's cart does not count against this one.
    const other = await createUser(t);
    expect((await addOption(other, product.id, dozen, 1)).statusCode).toBe(201);
  });

  it('marks a size no longer sold and refuses to pay for it, naming the size', async () => {
    const shopper = await createUser(t);
    const product = await eggs();
    const [halfDozen, dozen] = product.optionIds;
    await addOption(shopper, product.id, halfDozen, 1);
    await addOption(shopper, product.id, dozen, 1);
    await t.db.update(productOptions).set({ listed: false }).where(eq(productOptions.id, dozen));
    const cart = (await list(shopper)).json();
    expect(cart).toEqual([
      expect.objectContaining({ optionId: halfDozen, available: true }),
      expect.objectContaining({ optionId: dozen, available: false, unavailableReason: 'unlisted' }),
    ]);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/customer-payment',
      headers: shopper.auth,
      payload: { price: 0 },
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.message).toBe('Eggs — Dozen is no longer sold');
  });

  it('marks the sizes of a shop the admin has turned down no longer sold and refuses to pay for them', async () => {
    const shopper = await createUser(t);
    const product = await eggs();
    const [halfDozen] = product.optionIds;
    await addOption(shopper, product.id, halfDozen, 1);
    const refuse = (approval: string) =>
      t.db.execute(sql`UPDATE shops SET approval = ${approval} WHERE vendor_id = ${vendor.id}`);
    await refuse('rejected');
    try {
      expect((await list(shopper)).json()).toEqual([
        expect.objectContaining({ optionId: halfDozen, available: false, unavailableReason: 'unlisted' }),
      ]);
      const pay = await t.app.inject({
        method: 'POST',
        url: '/api/customer-payment',
        headers: shopper.auth,
        payload: { price: 0 },
      });
      expect(pay.statusCode).toBe(409);
      expect(pay.json().error.message).toBe('Eggs — Half dozen is no longer sold');
    } finally {
      await refuse('approved');
    }
  });

  it('keeps own stock per option apart', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, {
      name: 'Honey',
      options: [
        { label: '250 g jar', priceCents: 600, stock: 2 },
        { label: '500 g jar', priceCents: 1000, stock: 1 },
      ],
    });
    const [small, large] = product.optionIds;
    expect((await addOption(shopper, product.id, small, 2)).statusCode).toBe(201);
    expect((await addOption(shopper, product.id, large, 1)).statusCode).toBe(201);
    const over = await addOption(shopper, product.id, large, 1);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('Only 1 of Honey — 500 g jar in stock and your cart already has 1');
  });
});

describe("changing a line's quantity (PATCH /carts/:id)", () => {
  const setAmount = (user: TestUser, id: string, amount: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/carts/${id}`, headers: user.auth, payload: { amount } });

  it('sets the amount up to the stock, and answers the line as the cart shows it', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, { name: 'Leeks', priceCents: 120, stock: 5 });
    const { insertedId } = (await add(shopper, product.id, 2)).json();

    const up = await setAmount(shopper, insertedId, 5);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ _id: insertedId, amount: 5, spendMoney: 6, stock: 5, available: true });
    const down = await setAmount(shopper, insertedId, 1);
    expect(down.json()).toMatchObject({ amount: 1, spendMoney: 1.2 });
    expect((await list(shopper)).json()[0].amount).toBe(1);
    expect((await productRow(t, product.id)).popularity).toBe(1);
  });

  it('refuses more than the stock with 409 and a clear message, and leaves the line as it was', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, { name: 'Honeycomb', stock: 3 });
    const { insertedId } = (await add(shopper, product.id, 2)).json();
    const over = await setAmount(shopper, insertedId, 4);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'CONFLICT', message: 'Only 3 of Honeycomb in stock' });
    expect((await list(shopper)).json()[0].amount).toBe(2);

    // A line asking for more than is left (the stock fell) can be lowered to what is left, not kept.
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    expect((await setAmount(shopper, insertedId, 2)).statusCode).toBe(409);
    const lowered = await setAmount(shopper, insertedId, 1);
    expect(lowered.json()).toMatchObject({ amount: 1, available: true });
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    expect((await setAmount(shopper, insertedId, 1)).json().error.message).toBe('Honeycomb is sold out');
  });

  it('refuses 0, negative, fractional and missing amounts with 400 (Remove takes a line out)', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, { stock: 5 });
    const { insertedId } = (await add(shopper, product.id, 2)).json();
    for (const [amount, message] of [
      [0, 'At least 1: use Remove to take it out of your cart'],
      [-3, 'At least 1: use Remove to take it out of your cart'],
      [1.5, 'Amount must be a whole number'],
      ['two', 'Amount must be a number'],
      [undefined, 'Amount must be a number'],
      [1000, 'At most 999 of one product per order'],
    ] as const) {
      const bad = await setAmount(shopper, insertedId, amount);
      expect(bad.statusCode, String(amount)).toBe(400);
      expect(bad.json().error.fields).toEqual({ amount: message });
    }
    expect((await setAmount(shopper, 'nope', 1)).json().error.fields).toEqual({ id: 'Not a cart item id' });
    expect((await list(shopper)).json()[0].amount).toBe(2);
  });

  it("lets nobody change another shopper's line: 401 signed out, 403 for others, vendors and admins", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const product = await createProduct(t, vendor, { stock: 9 });
    const { insertedId } = (await add(owner, product.id, 1)).json();

    const anonymous = await t.app.inject({ method: 'PATCH', url: `/api/carts/${insertedId}`, payload: { amount: 3 } });
    expect(anonymous.statusCode).toBe(401);
    expect((await setAmount(other, insertedId, 3)).statusCode).toBe(403);
    expect((await setAmount(vendor, insertedId, 3)).statusCode).toBe(403);
    expect((await setAmount(admin, insertedId, 3)).statusCode).toBe(403);
    expect((await list(owner)).json()[0].amount).toBe(1);
    expect((await setAmount(owner, '00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
  });
});

describe('adding is idempotent per click (requestId)', () => {
  const addOnce = (user: TestUser, productId: string, requestId: string, amount = 1) =>
    t.app.inject({ method: 'POST', url: '/api/carts', headers: user.auth, payload: { productId, amount, requestId } });

  it('a retried request adds once and answers the same line; a new click adds again', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, { name: 'Eggs', stock: 20 });
    const click = randomUUID();
    const first = await addOnce(shopper, product.id, click, 2);
    const retry = await addOnce(shopper, product.id, click, 2);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect((await list(shopper)).json()[0].amount).toBe(2);

    const retriedAtOnce = randomUUID();
    const both = await Promise.all([
      addOnce(shopper, product.id, retriedAtOnce),
      addOnce(shopper, product.id, retriedAtOnce),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await list(shopper)).json()[0].amount).toBe(3);
    expect((await addOnce(shopper, product.id, randomUUID())).json().amount).toBe(4);
  });

  it("a key is the shopper's own: another shopper's same key still adds, a refused add can be retried", async () => {
    const [ann, ben] = [await createUser(t), await createUser(t)];
    const product = await createProduct(t, vendor, { name: 'Rye', stock: 2 });
    const key = randomUUID();
    expect((await addOnce(ann, product.id, key)).statusCode).toBe(201);
    expect((await addOnce(ben, product.id, key)).statusCode).toBe(201);
    expect((await list(ben)).json()[0].amount).toBe(1);

    const refused = randomUUID();
    expect((await addOnce(ann, product.id, refused, 5)).statusCode).toBe(409);
    expect((await addOnce(ann, product.id, refused, 1)).json().amount).toBe(2);
    expect((await addOnce(ann, product.id, 'not-a-key')).json().error.fields).toEqual({
      requestId: 'Not a request id',
    });
  });
});

describe('popularity counts distinct shoppers, not requests', () => {
  const bump = (user: TestUser, productId: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, headers: user.auth });

  it('50 adds by one shopper raise it by 1, also at once; removing and adding again changes nothing', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, vendor, { name: 'Pears', stock: 500 });
    const adds = await Promise.all(Array.from({ length: 25 }, () => add(shopper, product.id)));
    expect(adds.every((r) => r.statusCode === 201)).toBe(true);
    for (let i = 0; i < 25; i++) expect((await add(shopper, product.id)).statusCode).toBe(201);
    expect((await list(shopper)).json()[0].amount).toBe(50);
    expect((await productRow(t, product.id)).popularity).toBe(1);

    // Removing the line does not lower it (the shopper did choose the product once); adding again does not raise it.
    const [line] = (await list(shopper)).json();
    await t.app.inject({ method: 'DELETE', url: `/api/carts/${line._id}`, headers: shopper.auth });
    expect((await productRow(t, product.id)).popularity).toBe(1);
    expect((await add(shopper, product.id)).statusCode).toBe(201);
    // The spec's body-less PATCH after an add counts the same shopper once too.
    expect((await bump(shopper, product.id)).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect((await productRow(t, product.id)).popularity).toBe(1);
  });

  it('two shoppers raise it by 2, whichever way they add', async () => {
    const product = await createProduct(t, vendor, { name: 'Quinces', stock: 100 });
    const [ann, ben] = [await createUser(t), await createUser(t)];
    for (let i = 0; i < 10; i++) await add(ann, product.id);
    expect((await bump(ben, product.id)).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    for (let i = 0; i < 10; i++) await bump(ben, product.id);
    await add(ben, product.id);
    expect((await productRow(t, product.id)).popularity).toBe(2);
  });
});

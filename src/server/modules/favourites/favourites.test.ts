import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_FAVOURITES } from '#contract/favourites.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { productOptions, products } from '../catalog/tables.ts';
import { addToCart, createProduct } from '../checkout/test-fixtures.ts';
import { insertOrder, insertProduct } from '../orders/order-fixtures.ts';
import { orderLines } from '../orders/tables.ts';
import { favouriteProducts } from './tables.ts';

const t = setupTestApp();

const call = (user: TestUser | null, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: user?.auth ?? {} });
const favouritesOf = async (user: TestUser) => {
  const answer = await call(user, 'GET', '/api/favourites');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { products: { _id: string; productName: string }[]; shops: { _id: string; shop: string }[] };
};

describe('favourites', () => {
  it('saves a product and a shop once however often it is asked, lists them, and takes them out', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const tomatoes = await insertProduct(t, vendor, { name: 'Heirloom tomatoes', priceCents: 450 });
    const shopper = await createUser(t);

    for (let i = 0; i < 2; i++) {
      const saved = await call(shopper, 'PUT', `/api/favourites/products/${tomatoes.id}`);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ id: tomatoes.id, favourite: true });
      expect((await call(shopper, 'PUT', `/api/favourites/shops/${vendor.id}`)).json()).toEqual({
        id: vendor.id,
        favourite: true,
      });
    }
    const saved = await favouritesOf(shopper);
    expect(saved.products.map((p) => p.productName)).toEqual(['Heirloom tomatoes']);
    expect(saved.shops.map((s) => s.shop)).toEqual([`${vendor.name}'s Farm`]);

    for (let i = 0; i < 2; i++) {
      expect((await call(shopper, 'DELETE', `/api/favourites/products/${tomatoes.id}`)).json()).toEqual({
        id: tomatoes.id,
        favourite: false,
      });
      expect((await call(shopper, 'DELETE', `/api/favourites/shops/${vendor.id}`)).statusCode).toBe(200);
    }
    expect(await favouritesOf(shopper)).toEqual({ products: [], shops: [] });
  });

  it('lists the latest saved first and leaves out a product its shop no longer lists', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const [eggs, milk, bread] = await Promise.all(
      ['Eggs', 'Milk', 'Bread'].map((name) => insertProduct(t, vendor, { name, priceCents: 300 })),
    );
    const shopper = await createUser(t);
    for (const product of [eggs, milk, bread]) await call(shopper, 'PUT', `/api/favourites/products/${product.id}`);
    await t.db.update(products).set({ listed: false }).where(eq(products.id, milk.id));
    expect((await favouritesOf(shopper)).products.map((p) => p.productName)).toEqual(['Bread', 'Eggs']);
    // Saving an unlisted product is refused; taking it out still works.
    expect((await call(shopper, 'PUT', `/api/favourites/products/${milk.id}`)).statusCode).toBe(404);
    expect((await call(shopper, 'DELETE', `/api/favourites/products/${milk.id}`)).statusCode).toBe(200);
  });

  it('leaves out a shop the admin has turned down, and its products, until it is approved again', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const honey = await insertProduct(t, vendor, { name: 'Clover honey', priceCents: 900 });
    const shopper = await createUser(t);
    await call(shopper, 'PUT', `/api/favourites/products/${honey.id}`);
    await call(shopper, 'PUT', `/api/favourites/shops/${vendor.id}`);
    const approval = (state: string) =>
      t.db.execute(sql`UPDATE shops SET approval = ${state} WHERE vendor_id = ${vendor.id}`);
    await approval('rejected');
    expect(await favouritesOf(shopper)).toEqual({ products: [], shops: [] });
    // Saving one is refused as for a shop or product no longer sold; taking them out still works.
    expect((await call(shopper, 'PUT', `/api/favourites/shops/${vendor.id}`)).statusCode).toBe(404);
    expect((await call(shopper, 'PUT', `/api/favourites/products/${honey.id}`)).statusCode).toBe(404);
    await approval('approved');
    const back = await favouritesOf(shopper);
    expect([back.products.map((p) => p.productName), back.shops.map((s) => s._id)]).toEqual([
      ['Clover honey'],
      [vendor.id],
    ]);
  });

  it('each user sees and changes only their own; unknown ids are 404, bad ids 400, signed-out callers 401', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const plums = await insertProduct(t, vendor, { name: 'Plums', priceCents: 300 });
    const mine = await createUser(t);
    const other = await createUser(t);
    await call(mine, 'PUT', `/api/favourites/products/${plums.id}`);
    await call(mine, 'PUT', `/api/favourites/shops/${vendor.id}`);

    expect(await favouritesOf(other)).toEqual({ products: [], shops: [] });
    expect((await call(other, 'DELETE', `/api/favourites/products/${plums.id}`)).statusCode).toBe(200);
    expect((await call(other, 'DELETE', `/api/favourites/shops/${vendor.id}`)).statusCode).toBe(200);
    const still = await favouritesOf(mine);
    expect(still.products.map((p) => p._id)).toEqual([plums.id]);
    expect(still.shops.map((s) => s._id)).toEqual([vendor.id]);

    for (const kind of ['products', 'shops']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const unknown = await call(mine, method, `/api/favourites/${kind}/${randomUUID()}`);
        expect(unknown.statusCode, `${method} ${kind}`).toBe(404);
        const bad = await call(mine, method, `/api/favourites/${kind}/not-an-id`);
        expect(bad.statusCode).toBe(400);
        expect((await call(null, method, `/api/favourites/${kind}/${plums.id}`)).statusCode).toBe(401);
      }
    }
    // A customer's id is no shop.
    expect((await call(mine, 'PUT', `/api/favourites/shops/${other.id}`)).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/favourites'],
      ['GET', '/api/buy-again'],
      ['POST', '/api/buy-again/cart'],
    ] as const) {
      expect((await call(null, method, url)).statusCode, url).toBe(401);
    }
  });
});

describe('buy again', () => {
  it('lists the products of the shopper’s delivered orders, latest first, each once, and nobody else’s', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const [honey, jam, cider] = await Promise.all(
      ['Honey', 'Jam', 'Cider'].map((name) => insertProduct(t, vendor, { name, priceCents: 800 })),
    );
    const shopper = await createUser(t);
    const delivered = async (lines: Parameters<typeof insertOrder>[2], daysAgo: number) => {
      const order = await insertOrder(t, shopper, lines, new Date(Date.now() - daysAgo * 86_400_000));
      await t.db.update(orderLines).set({ status: 'delivered' }).where(eq(orderLines.orderId, order.orderId));
    };
    await delivered([{ product: honey, amount: 1 }], 20);
    await delivered([{ product: jam, amount: 2 }], 5);
    await delivered([{ product: honey, amount: 1 }], 2);
    await insertOrder(t, shopper, [{ product: cider, amount: 1 }]); // not delivered yet

    const list = await call(shopper, 'GET', '/api/buy-again');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((i: { name: string }) => i.name)).toEqual(['Honey', 'Jam']);
    expect(list.json().items[0].product).toMatchObject({ _id: honey.id, productPrice: 8 });

    const other = await createUser(t);
    expect((await call(other, 'GET', '/api/buy-again')).json()).toEqual({ items: [] });
    expect((await call(vendor, 'GET', '/api/buy-again')).statusCode).toBe(403);
  });

  it('adds one of each product still on sale to the cart and says which it skipped and why', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const [carrots, sourdough, kale, leeks] = await Promise.all(
      ['Carrots', 'Sourdough loaf', 'Kale', 'Leeks'].map((name) => insertProduct(t, vendor, { name, priceCents: 400 })),
    );
    const shopper = await createUser(t);
    const order = await insertOrder(
      t,
      shopper,
      [carrots, sourdough, kale, leeks].map((product) => ({ product, amount: 1 })),
    );
    await t.db.update(orderLines).set({ status: 'delivered' }).where(eq(orderLines.orderId, order.orderId));
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, sourdough.id));
    await t.db.update(products).set({ listed: false }).where(eq(products.id, kale.id));
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, leeks.id));
    await addToCart(t, shopper, leeks.id, 1); // the only leek is in the cart already

    const added = await call(shopper, 'POST', '/api/buy-again/cart');
    expect(added.statusCode, added.body).toBe(200);
    const result = added.json();
    expect(result.added).toEqual([{ productId: carrots.id, optionId: null, name: 'Carrots' }]);
    expect(Object.fromEntries(result.skipped.map((s: { name: string; reason: string }) => [s.name, s.reason]))).toEqual(
      {
        'Sourdough loaf': 'Sourdough loaf is sold out',
        Kale: 'Kale is no longer sold',
        Leeks: 'Only 1 of Leeks in stock and your cart already has 1',
      },
    );

    const cart = await t.app.inject({ method: 'GET', url: `/api/carts?email=${shopper.email}`, headers: shopper.auth });
    expect(
      cart
        .json()
        .map((line: { name: string; amount: number }) => [line.name, line.amount])
        .sort(),
    ).toEqual([
      ['Carrots', 1],
      ['Leeks', 1],
    ]);
  });
});

describe('buy again per size (decision 052)', () => {
  it('lists and adds each size bought; a line from before options adds the first option', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const eggs = await createProduct(t, vendor, {
      name: 'Eggs',
      options: [
        { label: 'Half dozen', priceCents: 350, draws: 6 },
        { label: 'Dozen', priceCents: 650, draws: 12 },
      ],
      pool: 60,
    });
    const [halfDozen, dozen] = eggs.optionIds;
    const carrots = await insertProduct(t, vendor, { name: 'Carrots', priceCents: 400 });
    const egg = { id: eggs.id, name: 'Eggs', priceCents: 650, vendor };
    const shopper = await createUser(t);
    const order = await insertOrder(t, shopper, [
      { product: egg, amount: 1 },
      { product: egg, amount: 2 },
      { product: egg, amount: 1 },
      { product: carrots, amount: 1 },
    ]);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.productId, eggs.id));
    await t.db
      .update(orderLines)
      .set({ optionId: dozen, optionLabel: 'Dozen', itemName: 'Eggs — Dozen' })
      .where(eq(orderLines.id, lines[0].id));
    await t.db
      .update(orderLines)
      .set({ optionId: halfDozen, optionLabel: 'Half dozen', itemName: 'Eggs — Half dozen' })
      .where(eq(orderLines.id, lines[1].id));
    // lines[2] is from before options: the sizes bought since stand for it.
    await t.db.update(orderLines).set({ status: 'delivered' }).where(eq(orderLines.orderId, order.orderId));

    const list = await call(shopper, 'GET', '/api/buy-again');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .items.map((i: { name: string }) => i.name)
        .sort(),
    ).toEqual(['Carrots', 'Eggs — Dozen', 'Eggs — Half dozen']);

    const added = await call(shopper, 'POST', '/api/buy-again/cart');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().skipped).toEqual([]);
    const cart = await t.app.inject({ method: 'GET', url: `/api/carts?email=${shopper.email}`, headers: shopper.auth });
    const [carrotOption] = (
      await t.db.select({ id: productOptions.id }).from(productOptions).where(eq(productOptions.productId, carrots.id))
    ).map((o) => o.id);
    expect(
      cart
        .json()
        .map((line: { name: string; optionId: string; optionLabel: string | null; amount: number }) => [
          line.name,
          line.optionId,
          line.optionLabel,
          line.amount,
        ])
        .sort(),
    ).toEqual(
      [
        ['Carrots', carrotOption, null, 1],
        ['Eggs', dozen, 'Dozen', 1],
        ['Eggs', halfDozen, 'Half dozen', 1],
      ].sort(),
    );
  });
});

describe('favourites limit', () => {
  it('keeps at most MAX_FAVOURITES products: one more is refused with 409, saving a kept one again is not', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const first = await insertProduct(t, vendor, { name: 'Kale', priceCents: 300 });
    const { id: _id, ...copy } = (await t.db.select().from(products).where(eq(products.id, first.id)))[0];
    const more = await t.db
      .insert(products)
      .values(Array.from({ length: MAX_FAVOURITES }, () => copy))
      .returning({ id: products.id });
    const shopper = await createUser(t);
    await t.db.insert(favouriteProducts).values(more.map((p) => ({ userId: shopper.id, productId: p.id })));
    const refused = await call(shopper, 'PUT', `/api/favourites/products/${first.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `You can keep at most ${MAX_FAVOURITES} favourite products: remove some first`,
    );
    expect((await call(shopper, 'PUT', `/api/favourites/products/${more[0].id}`)).statusCode).toBe(200);
  });
});

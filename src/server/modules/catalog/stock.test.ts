import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createProduct } from '../../test/factories.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { restock, takeStock } from './stock.ts';
import { productOptions, products } from './tables.ts';

const t = setupTestApp();

/** The product's pool (or sum) and each option's own stock, in position order. */
async function stockOf(productId: string) {
  const [product] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  const options = await t.db
    .select({ stock: productOptions.stock })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(productOptions.position);
  return { pool: product.stock, options: options.map((o) => o.stock) };
}

/** Runs takeStock in a transaction of its own, as checkout does: a refusal rolls every line back. */
const take = (lines: { optionId: string; amount: number }[]) => t.db.transaction((tx) => takeStock(tx, lines));

describe('stock of sizes and packs (decision 052)', () => {
  let vendor: TestUser;
  beforeAll(async () => {
    vendor = await createUser(t, { role: 'vendor' });
  });

  it('takes every size of one pool at once, and refuses an order the pool cannot cover without taking any of it', async () => {
    const eggs = await createProduct(t, vendor, {
      options: [
        { label: 'Half dozen', priceCents: 350, draws: 6 },
        { label: 'Dozen', priceCents: 650, draws: 12 },
      ],
      pool: 60,
    });
    const [half, dozen] = eggs.optionIds;
    await take([
      { optionId: dozen, amount: 1 },
      { optionId: half, amount: 1 },
    ]);
    expect(await stockOf(eggs.id)).toEqual({ pool: 42, options: [null, null] });

    // 3 dozen and a half dozen are 42 eggs: exactly what is left.
    await expect(
      take([
        { optionId: dozen, amount: 3 },
        { optionId: half, amount: 2 },
      ]),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await stockOf(eggs.id)).pool).toBe(42);
    await take([
      { optionId: dozen, amount: 3 },
      { optionId: half, amount: 1 },
    ]);
    expect((await stockOf(eggs.id)).pool).toBe(0);
  });

  it('takes an option with its own stock from it and from its product’s sum, all or nothing across products', async () => {
    const honey = await createProduct(t, vendor, {
      options: [
        { label: '250 g jar', priceCents: 500, stock: 10 },
        { label: '500 g jar', priceCents: 900, stock: 5 },
      ],
    });
    const eggs = await createProduct(t, vendor, {
      options: [{ label: 'Dozen', priceCents: 650, draws: 12 }],
      pool: 24,
    });
    const [small, large] = honey.optionIds;
    await take([
      { optionId: small, amount: 3 },
      { optionId: large, amount: 5 },
    ]);
    expect(await stockOf(honey.id)).toEqual({ pool: 7, options: [7, 0] });

    // The eggs could be covered, the large jar cannot: nothing is taken.
    await expect(
      take([
        { optionId: eggs.optionIds[0], amount: 1 },
        { optionId: large, amount: 1 },
      ]),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await stockOf(eggs.id)).toEqual({ pool: 24, options: [null] });
    expect(await stockOf(honey.id)).toEqual({ pool: 7, options: [7, 0] });
  });

  it('refuses an unlisted size', async () => {
    const eggs = await createProduct(t, vendor, {
      options: [
        { label: 'Half dozen', priceCents: 350, draws: 6 },
        { label: 'Dozen', priceCents: 650, draws: 12, listed: false },
      ],
      pool: 60,
    });
    await expect(take([{ optionId: eggs.optionIds[1], amount: 1 }])).rejects.toMatchObject({ statusCode: 409 });
    expect((await stockOf(eggs.id)).pool).toBe(60);
  });

  it('puts cancelled lines back: the draws the line took, its own stock, and a line from before options one unit each', async () => {
    const eggs = await createProduct(t, vendor, {
      options: [
        { label: 'Half dozen', priceCents: 350, draws: 6 },
        { label: 'Dozen', priceCents: 650, draws: 12 },
      ],
      pool: 0,
    });
    const honey = await createProduct(t, vendor, {
      options: [
        { label: '250 g jar', priceCents: 500, stock: 0 },
        { label: '500 g jar', priceCents: 900, stock: 1 },
      ],
    });
    await t.db.transaction((tx) =>
      restock(tx, [
        { optionId: eggs.optionIds[1], productId: eggs.id, amount: 2, draws: 12 },
        { optionId: null, productId: eggs.id, amount: 3, draws: null },
        { optionId: honey.optionIds[0], productId: honey.id, amount: 4, draws: null },
        { optionId: null, productId: null, amount: 9, draws: null },
      ]),
    );
    expect(await stockOf(eggs.id)).toEqual({ pool: 27, options: [null, null] });
    expect(await stockOf(honey.id)).toEqual({ pool: 5, options: [4, 1] });
  });

  it('keeps a product’s stock the sum of its options’ own stock through sales and returns', async () => {
    const jars = await createProduct(t, vendor, {
      options: [
        { label: 'Small', priceCents: 300, stock: 8 },
        { label: 'Medium', priceCents: 500, stock: 6 },
        { label: 'Large', priceCents: 800, stock: 4 },
      ],
    });
    const [s, m, l] = jars.optionIds;
    for (const lines of [
      [{ optionId: s, amount: 2 }],
      [
        { optionId: m, amount: 6 },
        { optionId: l, amount: 1 },
      ],
      [{ optionId: l, amount: 9 }],
    ]) {
      await take(lines).catch(() => undefined);
    }
    await t.db.transaction((tx) => restock(tx, [{ optionId: m, productId: jars.id, amount: 2, draws: null }]));
    const options = await t.db
      .select({ stock: productOptions.stock })
      .from(productOptions)
      .where(inArray(productOptions.id, jars.optionIds));
    const { pool } = await stockOf(jars.id);
    expect(pool).toBe(options.reduce((sum, o) => sum + (o.stock ?? 0), 0));
    expect(await stockOf(jars.id)).toEqual({ pool: 11, options: [6, 2, 3] });
  });
});

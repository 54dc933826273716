import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CustomerPayment } from '#contract/orders.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { productOptions } from '../catalog/tables.ts';
import { moveOrder } from '../orders/order-fixtures.ts';
import { orderLines } from '../orders/tables.ts';
import { vendorPart } from '../orders/weighed-fixtures.ts';
import { addToCart, confirmOrder, createProduct, payCart, productRow } from './test-fixtures.ts';

/**
 * Stock per option through the real checkout (decision 052): sizes drawing from one pool (a half dozen takes 6 eggs, a
 * dozen 12) or with their own stock, many shoppers confirming at once, never oversold, never below zero.
 */
const t = setupTestApp();
/** Dozens of checkouts at once on a machine others share: minutes, not the default 30 s. */
const SLOW = 120_000;
const vendor = setupUser(t, { role: 'vendor' });

const eggs = (pool: number) =>
  createProduct(t, vendor, {
    name: 'Eggs',
    options: [
      { label: 'Half dozen', priceCents: 350, draws: 6 },
      { label: 'Dozen', priceCents: 650, draws: 12 },
    ],
    pool,
  });

const optionStock = async (id: string) =>
  (await t.db.select({ stock: productOptions.stock }).from(productOptions).where(eq(productOptions.id, id)))[0].stock;

/** Each buyer puts one line in the cart and pays, a few at a time; nobody confirms yet. */
async function paidCarts(buys: { productId: string; optionId: string; amount?: number }[]) {
  const paid: { buyer: TestUser; intentId: string; optionId: string }[] = [];
  for (let i = 0; i < buys.length; i += 5) {
    const batch = await Promise.all(
      buys.slice(i, i + 5).map(async ({ productId, optionId, amount }) => {
        const buyer = await createUser(t);
        await addToCart(t, buyer, productId, amount ?? 1, optionId);
        const { intent } = await payCart(t, buyer);
        return { buyer, intentId: intent.paymentIntentId, optionId };
      }),
    );
    paid.push(...batch);
  }
  return paid;
}

/**
 * Confirms a paid cart as a client does: told 503 (the test app's pool of 4 connections busy for its 5 s, as happens
 * when dozens confirm at once on a loaded machine) it asks again; the same intent always answers the same order.
 */
async function confirmRetrying(buyer: TestUser, intentId: string) {
  for (let attempt = 1; ; attempt++) {
    const answer = await confirmOrder(t, buyer, intentId);
    if (answer.statusCode !== 503 || attempt === 10) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}

describe('a shared pool', () => {
  it(
    '50 shoppers confirming a half dozen or a dozen at once from 60 eggs: never more than 60 sold',
    async () => {
      const product = await eggs(60);
      const [halfDozen, dozen] = product.optionIds;
      const draws = new Map([
        [halfDozen, 6],
        [dozen, 12],
      ]);
      const paid = await paidCarts(
        Array.from({ length: 50 }, (_, i) => ({ productId: product.id, optionId: i % 2 ? dozen : halfDozen })),
      );

      const answers = await Promise.all(paid.map(({ buyer, intentId }) => confirmRetrying(buyer, intentId)));

      const sold = paid.filter((_, i) => answers[i].statusCode === 201);
      const refused = paid.filter((_, i) => answers[i].statusCode !== 201);
      for (const [i, answer] of answers.entries()) {
        if (answer.statusCode === 201) continue;
        expect(answer.statusCode, answer.body).toBe(409);
        const size = paid[i].optionId === dozen ? 'Dozen' : 'Half dozen';
        expect(answer.json().error.message).toMatch(
          new RegExp(`^Eggs — ${size} is sold out.*Your payment was refunded and nothing was charged\\.$`),
        );
      }
      const soldEggs = sold.reduce((sum, s) => sum + (draws.get(s.optionId) ?? 0), 0);
      expect(sold.length).toBeGreaterThanOrEqual(5);
      expect(soldEggs).toBeLessThanOrEqual(60);
      const pool = (await productRow(t, product.id)).stock;
      expect(pool).toBe(60 - soldEggs);
      expect(pool).toBeGreaterThanOrEqual(0);
      // Each refusal came when its size no longer fitted, and the pool only went down since.
      for (const r of refused) expect(pool).toBeLessThan(draws.get(r.optionId) ?? 0);
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.productId, product.id));
      expect(lines).toHaveLength(sold.length);
      expect(lines.reduce((sum, l) => sum + l.amount * (l.draws ?? 0), 0)).toBe(soldEggs);
      // The options themselves keep no stock of their own.
      expect(await optionStock(halfDozen)).toBeNull();
      expect(await optionStock(dozen)).toBeNull();
    },
    SLOW,
  );

  it('one order of 2 dozens and a half dozen takes 30 eggs at once; cancelling it puts 30 back', async () => {
    const product = await eggs(60);
    const [halfDozen, dozen] = product.optionIds;
    const buyer = await createUser(t);
    await addToCart(t, buyer, product.id, 2, dozen);
    await addToCart(t, buyer, product.id, 1, halfDozen);
    const { intent } = await payCart(t, buyer);
    const answer = await confirmOrder(t, buyer, intent.paymentIntentId);
    expect(answer.statusCode, answer.body).toBe(201);
    const payment = answer.json() as CustomerPayment;
    expect(payment.price).toBe(16.5);
    expect(payment.productIds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemName: 'Eggs — Dozen', optionId: dozen, optionLabel: 'Dozen', amount: 2 }),
        expect.objectContaining({
          itemName: 'Eggs — Half dozen',
          optionId: halfDozen,
          optionLabel: 'Half dozen',
          amount: 1,
        }),
      ]),
    );
    expect((await productRow(t, product.id)).stock).toBe(30);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, payment.orderId));
    expect(lines.map((l) => [l.itemName, l.draws, l.sku?.startsWith('P-')]).sort()).toEqual([
      ['Eggs — Dozen', 12, true],
      ['Eggs — Half dozen', 6, true],
    ]);

    // The shop's orders page gives each line its size, SKU and unit as bought.
    const part = await vendorPart(t, vendor, payment.orderId);
    expect(part.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemName: 'Eggs — Dozen', optionId: dozen, sku: expect.stringMatching(/^P-/) }),
        expect.objectContaining({ itemName: 'Eggs — Half dozen', optionId: halfDozen, unit: expect.any(String) }),
      ]),
    );

    const cancelled = await moveOrder(t, vendor, payment.orderId, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await productRow(t, product.id)).stock).toBe(60);
  });

  it('refuses at checkout two sizes that no longer fit together, and takes nothing', async () => {
    const product = await eggs(24);
    const [halfDozen, dozen] = product.optionIds;
    const buyer = await createUser(t);
    await addToCart(t, buyer, product.id, 1, dozen);
    await addToCart(t, buyer, product.id, 2, halfDozen);
    const { intent } = await payCart(t, buyer);
    // Another shopper takes a half dozen meanwhile: 18 eggs are left for the 24 this cart takes.
    const other = await createUser(t);
    await addToCart(t, other, product.id, 1, halfDozen);
    const { intent: theirs } = await payCart(t, other);
    expect((await confirmOrder(t, other, theirs.paymentIntentId)).statusCode).toBe(201);

    const answer = await confirmOrder(t, buyer, intent.paymentIntentId);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toContain('Your payment was refunded and nothing was charged');
    expect((await productRow(t, product.id)).stock).toBe(18);
  });
});

describe('own stock per option', () => {
  it(
    '30 shoppers at once for sizes of 10 and 5 in stock: exactly 10 and 5 sold, none below zero',
    async () => {
      const product = await createProduct(t, vendor, {
        name: 'Honey',
        options: [
          { label: '250 g jar', priceCents: 600, stock: 10 },
          { label: '500 g jar', priceCents: 1000, stock: 5 },
        ],
      });
      const [small, large] = product.optionIds;
      const paid = await paidCarts(
        Array.from({ length: 30 }, (_, i) => ({ productId: product.id, optionId: i % 2 ? large : small })),
      );

      const answers = await Promise.all(paid.map(({ buyer, intentId }) => confirmRetrying(buyer, intentId)));

      const soldOf = (optionId: string) =>
        paid.filter((p, i) => p.optionId === optionId && answers[i].statusCode === 201).length;
      expect(soldOf(small)).toBe(10);
      expect(soldOf(large)).toBe(5);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(15);
      expect(await optionStock(small)).toBe(0);
      expect(await optionStock(large)).toBe(0);
      // The product's stock is the sum of its options'.
      expect((await productRow(t, product.id)).stock).toBe(0);
      const lines = await t.db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.optionId, [small, large]));
      expect(lines).toHaveLength(15);
      expect(lines.every((l) => l.draws === null)).toBe(true);
    },
    SLOW,
  );
});

describe('lock order', () => {
  it(
    'carts of the same two products added in opposite orders, confirmed at once, all finish',
    async () => {
      const first = await eggs(200);
      const second = await createProduct(t, vendor, {
        name: 'Honey',
        options: [
          { label: '250 g jar', priceCents: 600, stock: 40 },
          { label: '500 g jar', priceCents: 1000, stock: 40 },
        ],
      });
      const paid: { buyer: TestUser; intentId: string }[] = [];
      for (let i = 0; i < 10; i++) {
        const buyer = await createUser(t);
        const lines: [string, string][] = [
          [first.id, first.optionIds[i % 2]],
          [second.id, second.optionIds[(i + 1) % 2]],
        ];
        for (const [productId, optionId] of i % 2 ? lines.toReversed() : lines) {
          await addToCart(t, buyer, productId, 1, optionId);
        }
        const { intent } = await payCart(t, buyer);
        paid.push({ buyer, intentId: intent.paymentIntentId });
      }

      const answers = await Promise.all(paid.map(({ buyer, intentId }) => confirmRetrying(buyer, intentId)));

      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
      // 5 half dozens and 5 dozens: 90 eggs.
      expect((await productRow(t, first.id)).stock).toBe(110);
      expect(await optionStock(second.optionIds[0])).toBe(35);
      expect(await optionStock(second.optionIds[1])).toBe(35);
      expect((await productRow(t, second.id)).stock).toBe(70);
    },
    SLOW,
  );
});

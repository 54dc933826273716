import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { insertOrder, insertProduct, moveOrder, type TestProduct } from '../orders/order-fixtures.ts';
import { comments } from './tables.ts';

const NOT_DELIVERED = 'You can review this product once an order of it has been delivered to you';

const t = setupTestApp();
const vendor = setupUser(t, { role: 'vendor' });
let seq = 0;

const post = (user: TestUser | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/comments', headers: user?.auth, payload });
const mine = (user: TestUser | undefined, productId: string) =>
  t.app.inject({ url: `/api/comments/${productId}/mine`, headers: user?.auth });
const reviewsOf = async (productId: string) => (await t.app.inject({ url: `/api/comments/${productId}` })).json();
const summaryOf = async (productId: string) =>
  (await t.app.inject({ url: `/api/comments/singleReview/${productId}` })).json();

const newProduct = (name = `Berries ${++seq}`) => insertProduct(t, vendor, { name, priceCents: 500 });

/** The vendor moves its part of the order through the API. */
async function move(orderId: string, status: 'shipped' | 'delivered' | 'cancelled') {
  const moved = await moveOrder(t, vendor, orderId, status);
  expect(moved.statusCode, moved.body).toBe(200);
}

async function deliver(orderId: string) {
  await move(orderId, 'shipped');
  await move(orderId, 'delivered');
}

/** A customer to whom the product has been delivered. */
async function buyer(product: TestProduct, name?: string) {
  const user = await createUser(t, name ? { name } : {});
  await deliver((await insertOrder(t, user, [{ product, amount: 1 }])).orderId);
  return user;
}

describe('who may review', () => {
  it('a customer needs a delivered purchase: 403 before, 201 once the vendor marks it delivered', async () => {
    const product = await newProduct('Blueberries');
    const bea = await createUser(t, { name: 'Bea Buyer' });
    const review = { productId: product.id, rating: 5, commentDes: 'Sweet and plump.', commenterName: 'Fake' };

    const browsing = await post(bea, review);
    expect(browsing.statusCode).toBe(403);
    expect(browsing.json().error).toMatchObject({ code: 'FORBIDDEN', message: NOT_DELIVERED });

    const { orderId } = await insertOrder(t, bea, [{ product, amount: 2 }]);
    expect((await post(bea, review)).json().error.message).toBe(NOT_DELIVERED);
    await move(orderId, 'shipped');
    expect((await post(bea, review)).json().error.message).toBe(NOT_DELIVERED);
    expect(await reviewsOf(product.id)).toEqual([]);

    await move(orderId, 'delivered');
    const posted = await post(bea, review);
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      acknowledged: true,
      insertedId: posted.json().review._id,
      review: { commenterName: 'Bea Buyer', rating: 5, verifiedPurchase: true, shopId: vendor.id },
    });
    expect(await summaryOf(product.id)).toEqual({ productId: product.id, reviewCount: 1, averageRating: 5 });
  });

  it('a cancelled line or a delivery of another product does not count', async () => {
    const product = await newProduct();
    const other = await newProduct();
    const carl = await createUser(t);
    const { orderId } = await insertOrder(t, carl, [{ product, amount: 1 }]);
    await move(orderId, 'cancelled');
    await deliver((await insertOrder(t, carl, [{ product: other, amount: 1 }])).orderId);
    expect((await post(carl, { productId: product.id, rating: 3, commentDes: 'Never came' })).statusCode).toBe(403);
    expect((await post(carl, { productId: other.id, rating: 3, commentDes: 'Fine' })).statusCode).toBe(201);
  });

  it('needs a sign-in, a rating from 1 to 5 and a text', async () => {
    const product = await newProduct();
    const bea = await buyer(product);
    expect((await post(undefined, { productId: product.id, rating: 5, commentDes: 'x' })).statusCode).toBe(401);
    const invalid = await post(bea, { productId: product.id, rating: 0, commentDes: '  ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({
      rating: 'Choose a rating from 1 to 5 stars',
      commentDes: 'This field is required',
    });
    expect((await post(bea, { productId: product.id, rating: 6, commentDes: 'x' })).statusCode).toBe(400);
    expect((await post(bea, { productId: product.id, rating: 4.5, commentDes: 'x' })).statusCode).toBe(400);
  });

  it('refuses a review of an unknown product and of your own product', async () => {
    const product = await newProduct();
    const bea = await buyer(product);
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await post(bea, { productId: unknown, rating: 3, commentDes: 'x' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/comments/${unknown}` })).statusCode).toBe(404);
    const own = await post(vendor, { productId: product.id, rating: 5, commentDes: 'Mine are best' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('You cannot review your own product');
  });
});

describe('one review per buyer and product', () => {
  it("a buyer's second post edits their review instead of adding one", async () => {
    const product = await newProduct();
    const bea = await buyer(product, 'Bea Again');
    const first = await post(bea, { productId: product.id, rating: 2, commentDes: 'A bit sour.' });
    expect(first.statusCode).toBe(201);
    const id = first.json().insertedId;

    const second = await post(bea, { productId: product.id, rating: 4, commentDes: 'Sweeter the next day.' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      acknowledged: true,
      insertedId: id,
      review: { _id: id, rating: 4, commentDes: 'Sweeter the next day.', commenterName: 'Bea Again' },
    });
    const list = await reviewsOf(product.id);
    expect(list.map((r: { _id: string; rating: number }) => [r._id, r.rating])).toEqual([[id, 4]]);
    expect(await summaryOf(product.id)).toMatchObject({ reviewCount: 1, averageRating: 4 });
    for (let i = 0; i < 5; i++) await post(bea, { productId: product.id, rating: 5, commentDes: `Again ${i}` });
    expect(await reviewsOf(product.id)).toHaveLength(1);
  });

  it('a different customer cannot edit it: their post is their own review, or a 403 without a delivery', async () => {
    const product = await newProduct();
    const bea = await buyer(product, 'Bea');
    const id = (await post(bea, { productId: product.id, rating: 5, commentDes: 'Lovely.' })).json().insertedId;

    const stranger = await createUser(t);
    expect((await post(stranger, { productId: product.id, rating: 1, commentDes: 'Awful.' })).statusCode).toBe(403);
    const dan = await buyer(product, 'Dan');
    const dans = await post(dan, { productId: product.id, rating: 1, commentDes: 'Awful.' });
    expect(dans.statusCode).toBe(201);
    expect(dans.json().insertedId).not.toBe(id);

    const list = await reviewsOf(product.id);
    expect(list.map((r: { commenterName: string; commentDes: string }) => [r.commenterName, r.commentDes])).toEqual([
      ['Dan', 'Awful.'],
      ['Bea', 'Lovely.'],
    ]);
    expect(await summaryOf(product.id)).toMatchObject({ reviewCount: 2, averageRating: 3 });
  });

  it('the database holds at most one review per buyer and product', async () => {
    const product = await newProduct();
    const bea = await buyer(product);
    await post(bea, { productId: product.id, rating: 5, commentDes: 'Good.' });
    await expect(
      t.db.insert(comments).values({ productId: product.id, userId: bea.id, commentDes: 'Twice', rating: 1 }),
    ).rejects.toThrow();
    // Concurrent first posts still make one review.
    const dan = await buyer(product);
    const posts = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(dan, { productId: product.id, rating: 3, commentDes: `Race ${i}` })),
    );
    expect(posts.map((p) => p.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const rows = await t.db
      .select()
      .from(comments)
      .where(and(eq(comments.productId, product.id), eq(comments.userId, dan.id)));
    expect(rows).toHaveLength(1);
  });

  it('an edit keeps a reported review in the queue; a removed review cannot come back', async () => {
    const product = await newProduct();
    const bea = await buyer(product);
    const id = (await post(bea, { productId: product.id, rating: 1, commentDes: 'Buy watches' })).json().insertedId;
    await t.db.update(comments).set({ status: 'reported', reportedAt: new Date() }).where(eq(comments.id, id));
    expect((await post(bea, { productId: product.id, rating: 1, commentDes: 'Cheap watches' })).statusCode).toBe(200);
    const [reported] = await t.db.select().from(comments).where(eq(comments.id, id));
    expect(reported).toMatchObject({ status: 'reported', commentDes: 'Cheap watches' });

    await t.db.update(comments).set({ status: 'removed' }).where(eq(comments.id, id));
    const again = await post(bea, { productId: product.id, rating: 5, commentDes: 'Honest now' });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe('Your review of this product was removed by the moderators');
    expect(await reviewsOf(product.id)).toEqual([]);
  });
});

describe('GET /api/comments/:productId/mine', () => {
  it('tells the signed-in user whether they may review and returns their own review', async () => {
    const product = await newProduct();
    expect((await mine(undefined, product.id)).statusCode).toBe(401);
    expect((await mine(vendor, product.id)).json()).toEqual({
      canReview: false,
      reason: 'You cannot review your own product',
      review: null,
    });
    const bea = await createUser(t, { name: 'Bea Mine' });
    expect((await mine(bea, product.id)).json()).toEqual({ canReview: false, reason: NOT_DELIVERED, review: null });

    await deliver((await insertOrder(t, bea, [{ product, amount: 1 }])).orderId);
    expect((await mine(bea, product.id)).json()).toEqual({ canReview: true, reason: null, review: null });
    await post(bea, { productId: product.id, rating: 4, commentDes: 'Nice.' });
    expect((await mine(bea, product.id)).json()).toMatchObject({
      canReview: true,
      reason: null,
      review: { commenterName: 'Bea Mine', rating: 4, commentDes: 'Nice.', verifiedPurchase: true },
    });
    expect((await mine(bea, '00000000-0000-4000-8000-000000000001')).statusCode).toBe(404);
  });
});

describe('reading reviews', () => {
  it('leaves removed reviews out of the list and the average', async () => {
    const product = await newProduct();
    const bea = await buyer(product);
    const spammer = await createUser(t);
    await post(bea, { productId: product.id, rating: 4, commentDes: 'Good.' });
    await t.db
      .insert(comments)
      .values({ productId: product.id, userId: spammer.id, commentDes: 'Spam', rating: 1, status: 'removed' });
    const list = await reviewsOf(product.id);
    expect(list.map((r: { commentDes: string }) => r.commentDes)).toEqual(['Good.']);
    expect((await summaryOf(product.id)).averageRating).toBe(4);
    const fresh = await newProduct();
    expect(await summaryOf(fresh.id)).toMatchObject({ reviewCount: 0, averageRating: 0 });
  });
});

describe('migration 0007', () => {
  it('keeps the newest of duplicate reviews before it makes (product, user) unique', async () => {
    const product = await newProduct();
    const [ann, ben] = [await createUser(t), await createUser(t)];
    await t.db.execute(sql`DROP INDEX comments_product_user_key`);
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    await t.db.insert(comments).values([
      { productId: product.id, userId: ann.id, commentDes: 'Old', rating: 2, createdAt: at(1) },
      { productId: product.id, userId: ann.id, commentDes: 'Newest', rating: 4, createdAt: at(3) },
      { productId: product.id, userId: ann.id, commentDes: 'Middle', rating: 3, createdAt: at(2) },
      { productId: product.id, userId: ben.id, commentDes: 'Only', rating: 5, createdAt: at(1) },
    ]);
    const migration = await readFile(new URL('../../db/migrations/0007_edge_limits.sql', import.meta.url), 'utf8');
    const [dedupe, unique] = migration.split('--> statement-breakpoint');
    await t.db.execute(sql.raw(dedupe));
    await t.db.execute(sql.raw(unique));
    const rows = await t.db.select().from(comments).where(eq(comments.productId, product.id));
    expect(rows.map((r) => r.commentDes).sort()).toEqual(['Newest', 'Only']);
  });
});

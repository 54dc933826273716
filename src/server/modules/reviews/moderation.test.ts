import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { insertProduct, insertReview, type TestProduct } from '../orders/order-fixtures.ts';
import { comments } from './tables.ts';

const t = setupTestApp();
const alice = setupUser(t, { role: 'vendor', name: 'Alice' }); // vendor of the cheese
const bob = setupUser(t, { role: 'vendor', name: 'Bob' }); // another vendor
const carol = setupUser(t, { name: 'Carol' }); // customer
const admin = setupUser(t, { role: 'admin' });
let cheese: TestProduct;
beforeAll(async () => {
  cheese = await insertProduct(t, alice, { name: 'Goat cheese', priceCents: 700 });
});

const statusOf = async (id: string) =>
  (await t.db.select({ status: comments.status }).from(comments).where(eq(comments.id, id)))[0].status;
const report = (user: TestUser | undefined, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/comments/${id}/report`, headers: user?.auth });
const decide = (user: TestUser, id: string, action: string) =>
  t.app.inject({ method: 'POST', url: `/api/moderation/reviews/${id}`, headers: user.auth, payload: { action } });

describe('GET /api/comments/product/:productId/for-vendor', () => {
  it("lists the product's reviews for its vendor, paginated, without removed ones", async () => {
    const product = await insertProduct(t, alice, { name: 'Feta', priceCents: 500 });
    // One review per buyer and product: each review has its own author.
    const first = await insertReview(t, product, carol, 5, 'Lovely');
    await insertReview(t, product, await createUser(t), 3, 'A bit salty');
    await insertReview(t, product, await createUser(t), 4, 'Good');
    const gone = await insertReview(t, product, await createUser(t), 1, 'Rude words');
    await t.db.update(comments).set({ status: 'removed' }).where(eq(comments.id, gone));

    const url = `/api/comments/product/${product.id}/for-vendor?limit=2`;
    const response = await t.app.inject({ method: 'GET', url, headers: alice.auth });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ productName: 'Feta', total: 3, page: 1, limit: 2, pages: 2 });
    expect(body.items).toHaveLength(2);
    const last = (await t.app.inject({ method: 'GET', url: `${url}&page=2`, headers: alice.auth })).json();
    expect(last.items).toEqual([
      {
        _id: first,
        productId: product.id,
        commentDes: 'Lovely',
        commenterName: 'Carol',
        rating: 5,
        status: 'visible',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('is closed to other vendors and customers, open to admins', async () => {
    const url = `/api/comments/product/${cheese.id}/for-vendor`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: bob.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: carol.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: admin.auth })).statusCode).toBe(200);
    const missing = `/api/comments/product/00000000-0000-4000-8000-000000000000/for-vendor`;
    expect((await t.app.inject({ method: 'GET', url: missing, headers: alice.auth })).statusCode).toBe(404);
  });
});

describe('reporting and moderation', () => {
  it('the vendor reports a review, the admin sees it and removes it', async () => {
    const spam = await insertReview(t, cheese, carol, 1, 'Buy cheap watches here');
    const reported = await report(alice, spam);
    expect(reported.statusCode).toBe(200);
    expect(reported.json()).toEqual({ modifiedCount: 1, status: 'reported' });
    expect((await report(alice, spam)).json()).toEqual({ modifiedCount: 0, status: 'reported' });

    const queue = await t.app.inject({ method: 'GET', url: '/api/moderation/reviews', headers: admin.auth });
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toMatchObject({ total: 1, pages: 1 });
    expect(queue.json().items[0]).toMatchObject({
      _id: spam,
      productId: cheese.id,
      productName: 'Goat cheese',
      shopName: "Alice's Farm",
      commentDes: 'Buy cheap watches here',
      commenterName: 'Carol',
      commenterEmail: carol.email,
      rating: 1,
    });

    const removed = await decide(admin, spam, 'remove');
    expect(removed.json()).toEqual({ modifiedCount: 1, status: 'removed' });
    expect(await statusOf(spam)).toBe('removed');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/moderation/reviews', headers: admin.auth })).json().total,
    ).toBe(0);
    expect((await report(alice, spam)).statusCode).toBe(409);
    expect((await decide(admin, spam, 'keep')).statusCode).toBe(409);
  });

  it('keep makes a reported review visible again', async () => {
    const fair = await insertReview(t, cheese, await createUser(t), 2, 'Too strong for me');
    await report(alice, fair);
    const kept = await decide(admin, fair, 'keep');
    expect(kept.json()).toEqual({ modifiedCount: 1, status: 'visible' });
    expect(await statusOf(fair)).toBe('visible');
  });

  it("only the product's vendor may report, only admins decide", async () => {
    const review = await insertReview(t, cheese, await createUser(t), 3, 'Fine');
    expect((await report(undefined, review)).statusCode).toBe(401);
    expect((await report(bob, review)).statusCode).toBe(403);
    expect((await report(carol, review)).statusCode).toBe(403);
    expect(await statusOf(review)).toBe('visible');
    expect((await report(alice, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    await report(alice, review);
    expect((await decide(alice, review, 'remove')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/moderation/reviews', headers: alice.auth })).statusCode,
    ).toBe(403);
    const bad = await decide(admin, review, 'delete');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ action: 'Action must be keep or remove' });
    expect(await statusOf(review)).toBe('reported');
  });
});

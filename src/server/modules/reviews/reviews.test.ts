import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, customerPayments, orderLines, orders } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { insertProduct } from '../catalog/test-products.ts';

let t: TestContext;
let vendor: TestUser;
let buyer: TestUser;
let browser: TestUser;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  vendor = await createUser(t, { roll: 'vendor' });
  buyer = await createUser(t, { name: 'Bea Buyer' });
  browser = await createUser(t, { name: 'Ben Browser' });
  productId = await insertProduct(t, vendor.id, { name: 'Blueberries' });
  // Bea bought the product.
  const [payment] = await t.db
    .insert(customerPayments)
    .values({
      userId: buyer.id,
      email: buyer.email,
      name: buyer.name,
      orderName: buyer.name,
      phoneNumber: '+1 555 000 2222',
      address: '2 Elm Street',
      subtotalCents: 500,
      priceCents: 500,
      provider: 'sandbox',
      transactionId: 'pi_test_review',
    })
    .returning();
  const [order] = await t.db
    .insert(orders)
    .values({ paymentId: payment.id, userId: buyer.id, email: buyer.email, name: buyer.name })
    .returning();
  await t.db.insert(orderLines).values({
    orderId: order.id,
    productId,
    vendorId: vendor.id,
    shopName: 'Farm',
    shopEmail: vendor.email,
    itemName: 'Blueberries',
    image: '/uploads/x.webp',
    unitPriceCents: 500,
    amount: 1,
    totalCents: 500,
  });
});
afterAll(() => t.close());

const post = (user: TestUser | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/comments', headers: user?.auth, payload });

describe('reviews', () => {
  it('a signed-in shopper posts a review; the buyer is marked as a verified purchase', async () => {
    const bought = await post(buyer, { productId, rating: 5, commentDes: 'Sweet and plump.', commenterName: 'Fake' });
    expect(bought.statusCode).toBe(201);
    expect(bought.json().review).toMatchObject({
      commenterName: 'Bea Buyer',
      rating: 5,
      verifiedPurchase: true,
      shopEmail: vendor.email,
    });
    const browsed = await post(browser, { productId, rating: 2, commentDes: 'Looked small.' });
    expect(browsed.json().review.verifiedPurchase).toBe(false);

    const list = (await t.app.inject({ url: `/api/comments/${productId}` })).json();
    expect(list.map((r: { commenterName: string }) => r.commenterName)).toEqual(['Ben Browser', 'Bea Buyer']);
    const summary = (await t.app.inject({ url: `/api/comments/singleReview/${productId}` })).json();
    expect(summary).toEqual({ productId, reviewCount: 2, averageRating: 3 });
  });

  it('leaves removed reviews out of the list and the average', async () => {
    const other = await insertProduct(t, vendor.id);
    await post(buyer, { productId: other, rating: 4, commentDes: 'Good.' });
    await t.db
      .insert(comments)
      .values({ productId: other, userId: browser.id, commentDes: 'Spam', rating: 1, status: 'removed' });
    const list = (await t.app.inject({ url: `/api/comments/${other}` })).json();
    expect(list.map((r: { commentDes: string }) => r.commentDes)).toEqual(['Good.']);
    expect((await t.app.inject({ url: `/api/comments/singleReview/${other}` })).json().averageRating).toBe(4);
    const fresh = await insertProduct(t, vendor.id);
    expect((await t.app.inject({ url: `/api/comments/singleReview/${fresh}` })).json()).toMatchObject({
      reviewCount: 0,
      averageRating: 0,
    });
  });

  it('needs a sign-in, a rating from 1 to 5 and a text', async () => {
    expect((await post(undefined, { productId, rating: 5, commentDes: 'x' })).statusCode).toBe(401);
    const invalid = await post(buyer, { productId, rating: 0, commentDes: '  ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({
      rating: 'Choose a rating from 1 to 5 stars',
      commentDes: 'This field is required',
    });
    expect((await post(buyer, { productId, rating: 6, commentDes: 'x' })).statusCode).toBe(400);
    expect((await post(buyer, { productId, rating: 4.5, commentDes: 'x' })).statusCode).toBe(400);
  });

  it('refuses a review of an unknown product and of your own product', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await post(buyer, { productId: unknown, rating: 3, commentDes: 'x' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/comments/${unknown}` })).statusCode).toBe(404);
    expect((await post(vendor, { productId, rating: 5, commentDes: 'Mine are best' })).statusCode).toBe(403);
  });
});

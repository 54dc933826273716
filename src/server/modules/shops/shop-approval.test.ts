import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createProduct } from '../../test/factories.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { signAccessToken } from '../auth/index.ts';
import { isOfferedProduct, isOpenShop, sitemapPages } from '../catalog/index.ts';
import { notificationOutbox } from '../notifications/tables.ts';

const t = setupTestApp();

const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user?.auth, payload });

let shops = 0;

/** A customer registers a shop through the API (as the page does) and signs in again as its vendor. */
async function registeredVendor(): Promise<TestUser> {
  const customer = await createUser(t);
  shops += 1;
  const shop = {
    shop: `Review Farm ${shops}`,
    date: '2020-03-01',
    address: '9 Hill Road, Hood River',
    phone: '+1 555 222 4444',
    image: '/uploads/review-farm.webp',
  };
  const registered = await call(customer, 'PATCH', `/api/users/email/${customer.email}`, shop);
  expect(registered.statusCode, registered.body).toBe(200);
  const token = await signAccessToken(
    { sub: customer.id, email: customer.email, role: 'vendor', ver: 0 },
    t.app.secrets.jwtSecret,
  );
  return { ...customer, role: 'vendor', token, auth: { authorization: `Bearer ${token}` } };
}

const setReview = async (admin: TestUser, on: boolean) => {
  const answer = await call(admin, 'PUT', '/api/admin/marketplace', { shopApproval: on });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject({ shopApproval: on, paperSize: 'letter' });
};

/** Where a shopper could meet the vendor's product: each answers whether it shows it. */
async function seen(vendor: TestUser, product: { id: string; name: string }) {
  const shopper = await createUser(t);
  const ids = (answer: { json: () => { items: { _id: string }[] } }) => answer.json().items.map((p) => p._id);
  const page = await call(null, 'GET', `/api/singleProduct/${product.id}`);
  const cart = await call(shopper, 'POST', '/api/carts', { productId: product.id, amount: 1 });
  const shopList = (await call(null, 'GET', '/api/shops')).json() as { _id: string }[];
  const shopPage = await call(null, 'GET', `/api/singleShop/${vendor.id}`);
  const sitemap = await sitemapPages(t.db);
  return {
    listing: ids(await call(null, 'GET', `/api/products?shop=${vendor.id}`)).includes(product.id),
    search: ids(await call(null, 'GET', `/api/products?q=${encodeURIComponent(product.name)}`)).includes(product.id),
    productPage: page.statusCode,
    cart: cart.statusCode,
    shopList: shopList.some((shop) => shop._id === vendor.id),
    shopPage: shopPage.statusCode,
    // The sitemap is read through a short cache: its pages are asked here directly.
    sitemap: sitemap.products.some((page) => page.id === product.id) && sitemap.shops.some((s) => s.id === vendor.id),
    pageServed: (await isOfferedProduct(t.db, product.id)) && (await isOpenShop(t.db, vendor.id)),
  };
}

const LISTED = {
  listing: true,
  search: true,
  productPage: 200,
  cart: 201,
  shopList: true,
  shopPage: 200,
  sitemap: true,
  pageServed: true,
};
const HIDDEN = {
  listing: false,
  search: false,
  productPage: 404,
  cart: 404,
  shopList: false,
  shopPage: 404,
  sitemap: false,
  pageServed: false,
};

describe('new shops reviewed by an admin', () => {
  it('go live at once while the marketplace does not review them (the default)', async () => {
    expect((await call(null, 'GET', '/api/marketplace')).json()).toMatchObject({ shopApproval: false });
    const vendor = await registeredVendor();
    expect((await call(vendor, 'GET', '/api/vendor/approval')).json()).toEqual({ state: 'approved', reason: null });
    const product = await createProduct(t, vendor, { name: 'Quillberry Jam' });
    expect(await seen(vendor, product)).toEqual(LISTED);
  });

  it('wait hidden everywhere until approved; turned down with a reason they stay hidden and are told why', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const existing = await createUser(t, { role: 'vendor' });
    const older = await createProduct(t, existing, { name: 'Oldfield Carrots' });
    await setReview(admin, true);
    // A distance unit saved alone leaves the review as it is.
    await call(admin, 'PUT', '/api/admin/marketplace', { distanceUnit: 'km' });
    expect((await call(null, 'GET', '/api/marketplace')).json()).toEqual({
      distanceUnit: 'km',
      shopApproval: true,
      paperSize: 'letter',
    });
    // And the review saved alone leaves the distance unit as it is.
    const reviewAlone = await call(admin, 'PUT', '/api/admin/marketplace', { shopApproval: true });
    expect(reviewAlone.json()).toEqual({ distanceUnit: 'km', shopApproval: true, paperSize: 'letter' });

    const vendor = await registeredVendor();
    expect((await call(vendor, 'GET', '/api/vendor/approval')).json()).toEqual({ state: 'pending', reason: null });
    const product = await createProduct(t, vendor, { name: 'Zanzibrook Honey' });
    expect(await seen(vendor, product)).toEqual(HIDDEN);
    // Shops from before stay listed; the vendor still edits its own shop.
    expect(await seen(existing, older)).toEqual(LISTED);
    const profile = await call(vendor, 'PUT', `/api/shops/${vendor.id}/profile`, {
      shop: 'Zanzibrook Farm',
      image: '/uploads/review-farm.webp',
      address: '9 Hill Road, Hood River',
      phone: '+1 555 222 4444',
    });
    expect(profile.statusCode, profile.body).toBe(200);

    const held = (await call(admin, 'GET', '/api/admin/shops/held')).json();
    expect(held).toContainEqual(
      expect.objectContaining({ _id: vendor.id, shop: 'Zanzibrook Farm', email: vendor.email, state: 'pending' }),
    );
    expect((await call(vendor, 'GET', '/api/admin/shops/held')).statusCode).toBe(403);

    const review = (body: object) => call(admin, 'POST', `/api/admin/shops/${vendor.id}/approval`, body);
    const noReason = await review({ decision: 'reject', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: 'Say why the shop is turned down' });
    const rejected = await review({ decision: 'reject', reason: 'Please add a photo of your farm' });
    expect(rejected.json()).toEqual({ state: 'rejected', reason: 'Please add a photo of your farm' });
    expect((await call(vendor, 'GET', '/api/vendor/approval')).json()).toEqual({
      state: 'rejected',
      reason: 'Please add a photo of your farm',
    });
    expect(await seen(vendor, product)).toEqual(HIDDEN);
    const told = await t.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.userId, vendor.id),
          eq(notificationOutbox.kind, 'shop_reviewed'),
          eq(notificationOutbox.channel, 'email'),
        ),
      );
    expect(told.map((row) => row.payload)).toEqual([
      expect.objectContaining({ approved: false, reason: 'Please add a photo of your farm' }),
    ]);

    expect((await review({ decision: 'approve' })).json()).toEqual({ state: 'approved', reason: null });
    // A second click tells the vendor nothing again.
    expect((await review({ decision: 'approve' })).json()).toEqual({ state: 'approved', reason: null });
    const approvals = await t.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.userId, vendor.id),
          eq(notificationOutbox.kind, 'shop_reviewed'),
          eq(notificationOutbox.channel, 'email'),
        ),
      );
    expect(approvals.filter((row) => (row.payload as { approved: boolean }).approved)).toHaveLength(1);
    expect(await seen(vendor, product)).toEqual(LISTED);
    expect((await call(admin, 'GET', '/api/admin/shops/held')).json()).not.toContainEqual(
      expect.objectContaining({ _id: vendor.id }),
    );
    expect(
      (await call(admin, 'POST', `/api/admin/shops/${admin.id}/approval`, { decision: 'approve' })).statusCode,
    ).toBe(404);
  });

  it('turned off again, approve nothing waiting but let new shops go live at once', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await setReview(admin, true);
    const waiting = await registeredVendor();
    await setReview(admin, false);
    expect((await call(waiting, 'GET', '/api/vendor/approval')).json()).toMatchObject({ state: 'pending' });
    const fresh = await registeredVendor();
    expect((await call(fresh, 'GET', '/api/vendor/approval')).json()).toMatchObject({ state: 'approved' });
  });
});

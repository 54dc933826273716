import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_VALUES, unitForCategory } from '#contract/categories.ts';
import { labelConflict } from '#contract/food-facts.ts';
import { priceFromCost } from '#contract/money.ts';
import type { Deal, ProductPage } from '#contract/products.ts';
import type { Review } from '#contract/reviews.ts';
import { NORMAL_VENDOR_PRODUCT_LIMIT } from '#contract/roles.ts';
import type { Week } from '#contract/vendor-week.ts';
import { deals, productOptions, products } from '../../modules/catalog/tables.ts';
import { customerPayments, orderLines, orders } from '../../modules/orders/tables.ts';
import { comments } from '../../modules/reviews/tables.ts';
import { shops } from '../../modules/shops/tables.ts';
import { verifyPassword } from '../../modules/users/index.ts';
import { users } from '../../modules/users/tables.ts';
import { setupTestApp } from '../../test/app.ts';
import { DEMO_CUSTOMER, DEMO_VENDOR } from './accounts.ts';
import { type DemoAccount, seedDemoCatalog, shouldSeedDemo } from './index.ts';
import { DEMO_FARM_PRODUCTS } from './origins.ts';
import { NEAR_EXPIRY, PRODUCTS } from './products.ts';

const t = setupTestApp();
let accounts: DemoAccount[];
let dueOnEmptyDatabase: Record<string, boolean>;

beforeAll(async () => {
  dueOnEmptyDatabase = {
    unset: await shouldSeedDemo(t.db, undefined),
    true: await shouldSeedDemo(t.db, true),
    false: await shouldSeedDemo(t.db, false),
  };
  ({ accounts } = await seedDemoCatalog(t.db, t.app.storage));
}, 60_000);

const today = () => new Date().toISOString().slice(0, 10);

describe('demo catalog seed', () => {
  it('gives every demo product truthful food facts, filtered and counted like any other', async () => {
    const listing = async (query: string): Promise<ProductPage> =>
      (await t.app.inject({ url: `/api/products?limit=100&${query}` })).json();
    const all = (await listing('')).items;
    expect(all.length).toBeGreaterThan(90);
    for (const p of all) expect(labelConflict(p.labels, p.allergens), p.productName).toBeUndefined();
    const named = (name: string) => all.find((p) => p.productName === name);
    expect(named('Unsalted Baking Butter')?.allergens).toContain('milk');
    expect(named('Wood-Fired Margherita Pizza')?.allergens).toEqual(['cereals containing gluten', 'milk']);
    expect(named('Country Sourdough Loaf')?.allergens).toContain('cereals containing gluten');
    expect(named('Honey Roasted Peanuts')?.allergens).toEqual(['peanuts']);
    expect(named('Dungeness Crab')?.allergens).toEqual(['crustaceans']);
    expect(named('Butter Croissants')?.ingredients).toContain('butter');

    const vegetables = await listing('category=vegetable');
    expect(vegetables.facets?.labels.find((o) => o.value === 'vegan')?.count).toBe(vegetables.total);
    const dairy = await listing('category=milk&freeFrom=milk');
    expect(dairy.items).toEqual([]);
    const veganSweets = await listing('category=sweet&labels=vegan&freeFrom=milk');
    expect(veganSweets.items.map((p) => p.productName)).toEqual(['Dark Chocolate Bark']);
  });

  it('is due on an empty database unless SEED_DEMO=false', () => {
    expect(dueOnEmptyDatabase).toEqual({ unset: true, true: true, false: false });
  });

  it('gives every demo shop pickup or delivery slots that take orders', async () => {
    const shopIds = (await t.db.select({ id: shops.vendorId }).from(shops)).map((shop) => shop.id);
    expect(shopIds.length).toBeGreaterThan(0);
    for (const id of shopIds) {
      const response = await t.app.inject({ method: 'GET', url: `/api/shops/${id}/slots` });
      expect(response.statusCode, response.body).toBe(200);
      const open = response.json().slots.filter((slot: { status: string }) => slot.status === 'open');
      expect(open.length, `shop ${id}`).toBeGreaterThan(0);
    }
  });

  it('offers subscription plans at two shops: a weekly vegetable box and a monthly dairy share of its own products', async () => {
    const plansOf = async (shopName: string) => {
      const [shop] = await t.db.select({ id: shops.vendorId }).from(shops).where(eq(shops.name, shopName));
      const response = await t.app.inject({ url: `/api/subscription-plans/shop/${shop.id}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        name: string;
        kind: string;
        frequency: string;
        items: unknown[];
        windows: unknown[];
      }[];
    };
    const greenValley = await plansOf('Green Valley Farm');
    expect(greenValley.find((plan) => plan.name === 'Weekly vegetable box')).toMatchObject({
      kind: 'box',
      frequency: 'weekly',
    });
    const [dairy] = await plansOf('Meadow Creek Dairy');
    expect(dairy).toMatchObject({ name: 'Monthly dairy share', kind: 'fixed', frequency: 'monthly' });
    expect(dairy.items).toHaveLength(4);
    for (const plan of [...greenValley, dairy]) expect(plan.windows.length, plan.name).toBeGreaterThan(0);
  });

  it('subscribes the demo customer to the weekly vegetable box with a saved sandbox card', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions',
      headers: { authorization: `Bearer ${signedIn.json().token}` },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject([
      {
        plan: { name: 'Weekly vegetable box', shopName: 'Green Valley Farm' },
        status: 'active',
        card: { brand: 'visa', last4: '4242' },
        nextDelivery: expect.any(String),
      },
    ]);
  });

  it('returns the three fixed demo accounts, whose passwords verify', async () => {
    expect(accounts).toEqual([
      { role: 'admin', email: 'admin@farmstall.example', password: 'Admin#2026!' },
      { role: 'vendor', email: 'vendor@farmstall.example', password: 'Vendor#2026!' },
      { role: 'customer', email: 'customer@farmstall.example', password: 'Customer#2026!' },
    ]);
    const expectedNames = { admin: 'Farmstall Admin', vendor: 'Maya Green', customer: 'Sam Shopper' };
    for (const account of accounts) {
      const [user] = await t.db.select().from(users).where(eq(users.email, account.email));
      expect(user.role).toBe(account.role);
      expect(user.name).toBe(expectedNames[account.role]);
      expect(await verifyPassword(user.passwordHash as string, account.password)).toBe(true);
      expect(await verifyPassword(user.passwordHash as string, 'wrong-password')).toBe(false);
    }
  });

  it('gives the demo vendor a normal shop with exactly 4 products, one below the limit', async () => {
    const [vendor] = await t.db.select().from(users).where(eq(users.email, 'vendor@farmstall.example'));
    const [shop] = await t.db.select().from(shops).where(eq(shops.vendorId, vendor.id));
    expect(shop.name).toBe('Green Valley Farm');
    expect(shop.membership).toBe('normal');
    const [{ n }] = await t.db.select({ n: count() }).from(products).where(eq(products.vendorId, vendor.id));
    expect(n).toBe(4);
    expect(n).toBeLessThan(NORMAL_VENDOR_PRODUCT_LIMIT);
  });

  it('creates at least 8 shops with every shop field, premium ones with a badge', async () => {
    const vendors = await t.db
      .select()
      .from(users)
      .innerJoin(shops, eq(shops.vendorId, users.id))
      .where(eq(users.role, 'vendor'));
    expect(vendors.length).toBeGreaterThanOrEqual(8);
    expect(vendors.length).toBe((await t.db.select().from(users).where(eq(users.role, 'vendor'))).length);
    for (const { shops: v } of vendors) {
      expect(v.name).toBeTruthy();
      expect(v.image).toMatch(/^\/uploads\/.+\.webp$/);
      expect(v.address).toBeTruthy();
      expect(v.phone).toMatch(/^\+1 \d{3} 555 01\d\d$/);
      expect(v.established).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(v.badge).toBe(v.membership === 'premium' ? 'gold' : null);
    }
    expect(new Set(vendors.map((v) => v.shops.membership))).toEqual(new Set(['normal', 'premium']));
    // A normal member never holds more products than the limit.
    const overLimit = await t.db.execute(sql`
      select s.vendor_id from shops s join products p on p.vendor_id = s.vendor_id
      where s.membership = 'normal' group by s.vendor_id having count(*) > ${NORMAL_VENDOR_PRODUCT_LIMIT}`);
    expect(overLimit.rows).toEqual([]);
  });

  it('populates every one of the 12 categories served by GET /api/category with at least 4 products', async () => {
    const response = await t.app.inject('/api/category');
    expect(response.statusCode).toBe(200);
    const categories = (response.json() as { category: string }[]).map((c) => c.category);
    expect(categories.sort()).toEqual([...CATEGORY_VALUES].sort());
    const perCategory = await t.db
      .select({ category: products.category, n: count() })
      .from(products)
      .groupBy(products.category);
    const counts = Object.fromEntries(perCategory.map((r) => [r.category, r.n]));
    for (const category of categories) expect(counts[category] ?? 0).toBeGreaterThanOrEqual(4);
    expect(perCategory.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(80);
  });

  it('fills the "Last chance" shelf: products near expiry, marked down by their shop’s rule', async () => {
    const response = await t.app.inject('/api/products/last-chance');
    expect(response.statusCode).toBe(200);
    const shelf = response.json() as { productName: string; markdown: { discountPercent: number } | null }[];
    expect(shelf.map((p) => p.productName).toSorted()).toEqual(Object.keys(NEAR_EXPIRY).toSorted());
    for (const product of shelf) expect(product.markdown?.discountPercent).toBeGreaterThan(0);
  });

  it('prices every product from cost and margin, with stock, unit, live dates and varied popularity', async () => {
    const rows = await t.db.select().from(products);
    for (const p of rows) {
      expect(p.priceCents).toBe(priceFromCost(p.productionCostCents ?? -1, p.profitMarginBp ?? -1));
      expect(p.stock).toBeGreaterThanOrEqual(5);
      expect(p.stock).toBeLessThanOrEqual(120);
      // Sold by its own unit where the demo says so (decision 053), else its category's; a pack is named.
      const demo = PRODUCTS.find((d) => d.name === p.name);
      expect(p.unit).toBe(demo?.unit ?? unitForCategory(p.category));
      expect(p.packLabel).toBe(demo?.pack?.label ?? null);
      expect(p.manufacturedOn < today()).toBe(true);
      expect(p.expiresOn > today()).toBe(true);
      expect(p.details.split(/(?<=\.)\s/).length).toBeLessThanOrEqual(3);
    }
    expect(new Set(rows.map((p) => p.popularity)).size).toBe(rows.length);
    expect(new Set(rows.map((p) => p.name)).size).toBe(rows.length);
  });

  it('sells every product as options whose mirrors its row keeps: eggs from one pool, honey in two jars, lamb shares', async () => {
    const rows = await t.db.select().from(products);
    const options = await t.db.select().from(productOptions).orderBy(productOptions.position);
    for (const p of rows) {
      const own = options.filter((o) => o.productId === p.id && o.listed);
      const demo = PRODUCTS.find((d) => d.name === p.name);
      expect(
        own.map((o) => o.label),
        p.name,
      ).toHaveLength(demo?.options?.length ?? 1);
      const drawing = own.every((o) => o.draws !== null);
      expect(drawing || own.every((o) => o.stock !== null && o.draws === null), p.name).toBe(true);
      expect(p.priceCents, p.name).toBe(Math.min(...own.map((o) => o.priceCents)));
      expect(p.stock, p.name).toBe(drawing ? (demo?.pool ?? p.stock) : own.reduce((sum, o) => sum + (o.stock ?? 0), 0));
      expect(p.minDraws, p.name).toBe(drawing ? Math.min(...own.map((o) => o.draws ?? 1)) : 1);
      const [first] = own;
      expect([first.unit, first.packLabel, first.soldByWeight, first.gramsPerPiece], p.name).toEqual([
        p.unit,
        p.packLabel,
        p.soldByWeight,
        p.gramsPerPiece,
      ]);
      expect([first.productionCostCents, first.profitMarginBp], p.name).toEqual([
        p.productionCostCents,
        p.profitMarginBp,
      ]);
      for (const o of own) {
        expect(o.priceCents).toBe(priceFromCost(o.productionCostCents ?? -1, o.profitMarginBp ?? -1));
        expect(o.sku).toMatch(/^P-[0-9A-F]{12}$/);
        expect(o.soldByWeight, `${p.name}: all sold by weight or none`).toBe(first.soldByWeight);
      }
    }
    expect(new Set(options.map((o) => `${o.vendorId}:${o.sku.toLowerCase()}`)).size).toBe(options.length);
    const sizes = async (name: string) => {
      const [p] = await t.db.select().from(products).where(eq(products.name, name));
      return { row: p, options: options.filter((o) => o.productId === p.id) };
    };
    const eggs = await sizes('Pasture-Raised Eggs');
    expect(eggs.row.stock).toBe(120);
    expect(eggs.options.map((o) => [o.label, o.priceCents, o.draws, o.stock])).toEqual([
      ['Half dozen', 350, 6, null],
      ['Dozen', 650, 12, null],
    ]);
    const honey = await sizes('Wildflower Honey');
    expect(
      honey.options.map((o) => [o.label, o.unit, o.packLabel, o.netQuantity, o.netUnit, o.stock, o.draws]),
    ).toEqual([
      ['250 g jar', 'pack', '250 g jar', 250, 'g', 24, null],
      ['500 g jar', 'pack', '500 g jar', 500, 'g', 12, null],
    ]);
    expect(honey.row.stock).toBe(36);
    const lamb = await sizes('Pasture Lamb Share');
    expect(lamb.options.map((o) => [o.label, o.draws, o.soldByWeight, o.gramsPerPiece])).toEqual([
      ['Quarter', 1, true, 4500],
      ['Half', 2, true, 9000],
      ['Whole', 4, true, 18000],
    ]);
    expect([lamb.row.stock, lamb.row.minDraws]).toEqual([16, 1]);
  });

  it('stores every picture through the upload pipeline, once per source file, and serves it', async () => {
    const rows = await t.db.select({ imageUrl: products.imageUrl, name: products.name }).from(products);
    const urls = new Set(rows.map((r) => r.imageUrl));
    // Products sharing a source picture share one stored file.
    expect(urls.size).toBeLessThan(rows.length);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('places every product at its shop, or at a named farm within 80 km of it', async () => {
    const rows = await t.db
      .select({ product: products, shop: shops })
      .from(products)
      .innerJoin(shops, eq(shops.vendorId, products.vendorId));
    const farms = rows.filter((r) => r.product.originPostcode !== null);
    expect(farms.map((r) => r.product.name).sort()).toEqual([...DEMO_FARM_PRODUCTS].sort());
    for (const { product, shop } of rows) {
      expect(product.originLatitude, product.name).not.toBeNull();
      if (product.originPostcode === null) {
        expect([product.originLatitude, product.originLongitude]).toEqual([shop.latitude, shop.longitude]);
        continue;
      }
      const [{ km }] = (
        await t.db.execute(sql`SELECT earth_distance(ll_to_earth(${product.originLatitude}, ${product.originLongitude}),
          ll_to_earth(${shop.latitude}, ${shop.longitude})) / 1000 AS km`)
      ).rows as { km: number }[];
      expect(km, `${product.name} from ${product.originName}`).toBeLessThan(80);
    }
  });

  it('adds reviews from several shoppers, mostly 3 to 5 stars', async () => {
    const rows = await t.db.select().from(comments);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.userId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.productId)).size).toBeGreaterThanOrEqual(60);
    const good = rows.filter((r) => r.rating >= 3).length;
    expect(good / rows.length).toBeGreaterThan(0.8);
    expect(rows.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
    expect(new Set(rows.map((r) => r.createdAt.toISOString().slice(0, 10))).size).toBeGreaterThan(10);
    expect(rows.every((r) => r.createdAt.getTime() < Date.now())).toBe(true);
  });

  it('marks "Verified purchase" on every review whose writer bought the product, and on no other', async () => {
    const bought = await t.db.execute(sql`
      SELECT DISTINCT c.id FROM comments c JOIN order_lines ol ON ol.product_id = c.product_id
      JOIN orders o ON o.id = ol.order_id AND o.user_id = c.user_id`);
    const buyers = new Set(bought.rows.map((r) => r.id as string));
    expect(buyers.size).toBeGreaterThanOrEqual(1);
    const reviewed = await t.db.selectDistinct({ productId: comments.productId }).from(comments);
    let marked = 0;
    for (const { productId } of reviewed) {
      const reviews: Review[] = (await t.app.inject({ url: `/api/comments/${productId}` })).json();
      for (const review of reviews) {
        expect(review.verifiedPurchase, review.commentDes).toBe(buyers.has(review._id));
        if (review.verifiedPurchase) marked += 1;
      }
    }
    expect(marked).toBe(buyers.size);
  });

  it('lets reviewers review only as the rules allow: the demo customer only what was delivered to them', async () => {
    const reviewedUndelivered = await t.db.execute(sql`
      SELECT c.id FROM comments c JOIN users u ON u.id = c.user_id
      WHERE (u.email = 'customer@farmstall.example' AND NOT EXISTS (
          SELECT 1 FROM order_lines ol JOIN orders o ON o.id = ol.order_id
          WHERE o.user_id = c.user_id AND ol.product_id = c.product_id AND ol.status = 'delivered'))
        OR EXISTS (
          SELECT 1 FROM order_lines ol JOIN orders o ON o.id = ol.order_id
          WHERE o.user_id = c.user_id AND ol.product_id = c.product_id AND ol.status IN ('pending', 'shipped'))`);
    expect(reviewedUndelivered.rows).toEqual([]);
    const [sam] = await t.db.select().from(users).where(eq(users.email, 'customer@farmstall.example'));
    const own = await t.db.select().from(comments).where(eq(comments.userId, sam.id));
    expect(own.length).toBeGreaterThanOrEqual(1);
  });

  it('puts three products on deal for 15 days, the deals of the day, and three vegetables at a bigger discount', async () => {
    const rows = await t.db.select().from(deals);
    expect(rows).toHaveLength(6);
    for (const deal of rows) {
      const seconds = (deal.endsAt.getTime() - Date.now()) / 1000;
      expect(seconds).toBeGreaterThan(1_296_000 - 120);
      expect(seconds).toBeLessThanOrEqual(1_296_000);
    }
    const ofTheDay: Deal[] = (await t.app.inject({ url: '/api/deals' })).json();
    expect(ofTheDay.map((d) => d.productName).sort()).toEqual([
      'Chocolate Layer Cake',
      'Hood Strawberries',
      'Wild Coho Salmon Fillet',
    ]);
    // The banner "Fresh Vegetables Big Discount" opens the vegetables' page at these.
    const vegetables: Deal[] = (await t.app.inject({ url: '/api/deals?category=vegetable' })).json();
    expect(vegetables.map((d) => d.productName).sort()).toEqual(['Red Onions', 'Sweet Corn', 'Yukon Gold Potatoes']);
    for (const deal of vegetables) {
      expect(deal.deal).toMatchObject({ discountPercent: 30, price: Math.round(deal.productPrice * 70) / 100 });
    }
  });

  it("fills the demo vendor's coming week: pickups at two points and a delivery round", async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { email: DEMO_VENDOR.email, password: DEMO_VENDOR.password },
    });
    const auth = { authorization: `Bearer ${signedIn.json().token}` };
    const [vendor] = await t.db.select().from(users).where(eq(users.email, DEMO_VENDOR.email));
    const response = await t.app.inject({ method: 'GET', url: `/api/shops/${vendor.id}/booked-slots`, headers: auth });
    expect(response.statusCode, response.body).toBe(200);
    const week: Week = response.json();
    expect(week.slots.every((slot) => Date.parse(slot.start) > Date.now())).toBe(true);
    expect(new Set(week.slots.map((slot) => slot.pickupPoint?.name ?? slot.kind))).toEqual(
      new Set(['Hood River Farmers Market', 'Farm stand', 'delivery']),
    );
    expect(week.slots.reduce((sum, slot) => sum + slot.orders, 0)).toBe(5);
    const round = week.slots.find((slot) => slot.kind === 'delivery');
    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${vendor.id}/booked-slots/${round?.id}`,
      headers: auth,
    });
    expect(sheet.json().stops.map((stop: { postcode: string }) => stop.postcode)).toEqual(['97031', '98672']);
  });

  it('records past orders of the demo customer across two shops, one delivered and one pending', async () => {
    const [sam] = await t.db.select().from(users).where(eq(users.email, 'customer@farmstall.example'));
    const payments = await t.db.select().from(customerPayments).where(eq(customerPayments.userId, sam.id));
    expect(payments.length).toBeGreaterThanOrEqual(2);
    const statuses = new Set<string>();
    const shopNames = new Set<string>();
    for (const payment of payments) {
      expect(payment.provider).toBe('sandbox');
      expect(payment.transactionId).toMatch(/^pi_demo_/);
      const [order] = await t.db.select().from(orders).where(eq(orders.paymentId, payment.id));
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      expect(payment.priceCents).toBe(lines.reduce((sum, l) => sum + l.totalCents, 0));
      for (const line of lines) {
        const [product] = await t.db
          .select()
          .from(products)
          .where(eq(products.id, line.productId as string));
        const [shop] = await t.db
          .select({ shopName: shops.name, email: users.email })
          .from(shops)
          .innerJoin(users, eq(users.id, shops.vendorId))
          .where(eq(shops.vendorId, line.vendorId));
        expect(line.vendorId).toBe(product.vendorId);
        expect(line.itemName).toBe(product.name);
        expect(line.image).toBe(product.imageUrl);
        // The size bought (decision 052), as checkout copies it: its price, label, SKU and draws.
        const [option] = await t.db
          .select()
          .from(productOptions)
          .where(eq(productOptions.id, line.optionId as string));
        expect(option.productId).toBe(product.id);
        expect(line.unitPriceCents).toBe(option.priceCents);
        expect([line.optionLabel, line.sku, line.draws, line.unit]).toEqual([
          option.label,
          option.sku,
          option.draws,
          option.unit,
        ]);
        expect(line.totalCents).toBe(line.unitPriceCents * line.amount);
        expect(line.shopName).toBe(shop.shopName);
        expect(line.shopEmail).toBe(shop.email);
        shopNames.add(line.shopName);
      }
      const lineStatuses = new Set(lines.map((l) => l.status));
      if (order.status === 'complete' && lineStatuses.size === 1 && lineStatuses.has('delivered')) {
        statuses.add('delivered');
      }
      if (order.status === 'pending') statuses.add('pending');
    }
    expect(shopNames.size).toBeGreaterThanOrEqual(2);
    expect(statuses).toEqual(new Set(['delivered', 'pending']));
  });

  it('does nothing when called again, and is no longer due', async () => {
    const before = await t.db.select({ n: count() }).from(products);
    const second = await seedDemoCatalog(t.db, t.app.storage);
    expect(second.accounts).toEqual([]);
    expect(await t.db.select({ n: count() }).from(products)).toEqual(before);
    expect(await shouldSeedDemo(t.db, true)).toBe(false);
    expect(await shouldSeedDemo(t.db, undefined)).toBe(false);
  });
});

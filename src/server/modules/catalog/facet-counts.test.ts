import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALLERGENS, LABELS } from '#contract/food-facts.ts';
import type { ProductPage } from '#contract/products.ts';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { setupUser } from '../../test/users.ts';
import { products } from './tables.ts';
import { insertProduct, renameProduct, statementsDuring } from './test-products.ts';

/**
 * A first page of a category or a shop without filters reads its counts from product_facet_counts (decision 033),
 * kept by triggers on products. The oracle: the same page with `minPrice=0`, a filter that keeps every product and
 * so counts the products themselves. Every way products change must leave both answering the same.
 */
const t = setupTestApp({ CATALOG_CACHE_MS: '0' });
const farm = setupUser(t, { role: 'vendor' });
const orchard = setupUser(t, { role: 'vendor' });
const grove = setupUser(t, { role: 'vendor' });
const admin = setupUser(t, { role: 'admin' });

const CATEGORIES = ['fruit', 'vegetable', 'bakery'] as const;

async function page(url: string): Promise<ProductPage> {
  const response = await t.app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** What a shopper sees of a first page's counts. */
const countsOf = ({ total, facets }: ProductPage) => ({ total, facets });

/** Each category's and each shop's kept counts equal those counted from its products. */
async function expectKeptEqualsCounted() {
  const scopes = [...CATEGORIES.map((c) => `category=${c}`), `shop=${farm.id}`, `shop=${orchard.id}`];
  for (const scope of scopes) {
    const kept = countsOf(await page(`/api/products?${scope}`));
    expect(kept, scope).toEqual(countsOf(await page(`/api/products?${scope}&minPrice=0`)));
  }
}

/** A small deterministic random stream (mulberry32), so a failing sequence can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the kept filter counts of a category and a shop', () => {
  it('are what the page reads without filters, not a count of the products', async () => {
    await insertProduct(t, farm.id, { category: 'fruit', labels: 1, allergens: 2 });
    const statements = await statementsDuring(t, () => page('/api/products?category=fruit'));
    expect(JSON.stringify(statements)).toContain('product_facet_counts');
    const filtered = await statementsDuring(t, () => page('/api/products?category=fruit&labels=organic'));
    expect(JSON.stringify(filtered)).not.toContain('product_facet_counts');
    await expectKeptEqualsCounted();
  });

  it('follow the vendor adding, editing and deleting a product through the API', async () => {
    const form = {
      productName: 'Heirloom Apples',
      productDetails: 'Picked this morning',
      productQuantity: 10,
      productionCost: 4,
      profitMargin: 25,
      productManufacturingDate: dayFromToday(-1),
      productExpireDate: dayFromToday(20),
      productImage: '/uploads/apples.webp',
      productCategory: 'fruit',
      labels: ['organic', 'vegan'],
      allergens: [],
    };
    const added = await t.app.inject({ method: 'POST', url: '/api/products', headers: orchard.auth, payload: form });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().insertedId as string;
    await expectKeptEqualsCounted();

    await renameProduct(t, orchard.auth, id, 'Heirloom Apples, new crop');
    await expectKeptEqualsCounted();

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: orchard.auth });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectKeptEqualsCounted();
  });

  it('leave out the products of a shop waiting for approval or refused, and count them once it is approved', async () => {
    const held = async (approval: 'pending' | 'approved' | 'rejected') => {
      await t.db.execute(sql`UPDATE shops SET approval = ${approval} WHERE vendor_id = ${grove.id}`);
      await expectKeptEqualsCounted();
      const shop = countsOf(await page(`/api/products?shop=${grove.id}`));
      expect(shop, 'the held shop').toEqual(countsOf(await page(`/api/products?shop=${grove.id}&minPrice=0`)));
    };
    const before = (await page('/api/products?category=bakery')).total;
    await held('pending');
    const first = await insertProduct(t, grove.id, { category: 'bakery', priceCents: 1, labels: 2 });
    await insertProduct(t, grove.id, { category: 'bakery', priceCents: 99_000, allergens: 4 });
    await expectKeptEqualsCounted();
    expect((await page('/api/products?category=bakery')).total).toBe(before);
    await t.db.update(products).set({ priceCents: 2 }).where(sql`${products.id} = ${first}`);
    await expectKeptEqualsCounted();
    await held('approved');
    expect((await page('/api/products?category=bakery')).total).toBe((before ?? 0) + 2);
    await held('rejected');
    expect((await page('/api/products?category=bakery')).total).toBe(before);
    await held('approved');
  });

  it('move with each change to the price, the facts, the category, the shop, the expiry and the listing', async () => {
    const low = await insertProduct(t, farm.id, { category: 'vegetable', priceCents: 50, labels: 3 });
    const high = await insertProduct(t, farm.id, { category: 'vegetable', priceCents: 9_000, allergens: 5 });
    await insertProduct(t, orchard.id, { category: 'vegetable', priceCents: 400 });
    await expectKeptEqualsCounted();
    const change = async (id: string, values: Partial<typeof products.$inferInsert>) => {
      await t.db.update(products).set(values).where(sql`${products.id} = ${id}`);
      await expectKeptEqualsCounted();
    };
    // The lowest and the highest price leave their bounds: the range is read again.
    await change(low, { priceCents: 700 });
    await change(high, { priceCents: 300 });
    await change(low, { labels: 1 << 4, allergens: 1 << 13 });
    await change(high, { category: 'bakery' });
    await change(high, { vendorId: orchard.id });
    await change(low, { expiresOn: dayFromToday(-1) });
    await change(low, { expiresOn: dayFromToday(0) });
    await change(high, { listed: false });
    await change(high, { listed: true, priceCents: 1 });
    await t.db.delete(products).where(sql`${products.id} = ${high}`);
    await expectKeptEqualsCounted();
  });

  it('hold through a long random run of inserts, updates and deletes, many rows at a time', async () => {
    const next = random(20261124);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const row = () => ({
      category: pick(CATEGORIES),
      priceCents: 1 + Math.floor(next() * 5_000),
      labels: Math.floor(next() * (1 << LABELS.length)),
      allergens: Math.floor(next() * (1 << ALLERGENS.length)),
      manufacturedOn: '2020-01-01',
      expiresOn: dayFromToday(Math.floor(next() * 6) - 2),
      listed: next() > 0.2,
    });
    for (let step = 0; step < 40; step += 1) {
      const ids = (await t.db.select({ id: products.id }).from(products)).map((p) => p.id);
      const roll = next();
      if (roll < 0.35 || ids.length < 5) {
        const rows = Array.from({ length: 1 + Math.floor(next() * 6) }, () => row());
        for (const values of rows) await insertProduct(t, pick([farm.id, orchard.id]), values);
      } else if (roll < 0.75) {
        // One statement changing several products at once, some of them to the same values.
        const some = ids.filter(() => next() < 0.3);
        const values = row();
        await t.db
          .update(products)
          .set(next() < 0.5 ? { priceCents: values.priceCents } : values)
          .where(sql`${products.id} IN ${some.length ? some : [ids[0]]}`);
      } else {
        await t.db.delete(products).where(sql`${products.id} = ${pick(ids)}`);
      }
      await expectKeptEqualsCounted();
    }
  });

  it('add up when many transactions change the same category at once', async () => {
    const pool = (t.db as unknown as { $client: import('pg').Pool }).$client;
    const prices = Array.from({ length: 24 }, (_, i) => 100 + i);
    await Promise.all(
      prices.map(async (cents) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(
            `INSERT INTO products (vendor_id, name, image_url, category, details, production_cost_cents,
               profit_margin_bp, price_cents, stock, unit, manufactured_on, expires_on, labels)
             SELECT $1, 'Bulk ' || n, '/uploads/bulk.webp', 'bakery', 'Baked today', $2, 0, $2 + n, 5, 'kg',
               current_date - 1, current_date + 3, 4
             FROM generate_series(0, 4) AS n`,
            [cents % 2 ? farm.id : orchard.id, cents],
          );
          await client.query(
            `UPDATE products SET price_cents = price_cents + 1 WHERE category = 'bakery' AND labels = 4
            AND vendor_id = $1`,
            [cents % 2 ? farm.id : orchard.id],
          );
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      }),
    );
    await expectKeptEqualsCounted();
  });

  it('never deadlock two vendors moving products between the same expiry days in opposite directions', async () => {
    // Each edit takes a product out of its day's rows and into the other day's. The rows' locks are taken in one
    // order (category rows before shop rows, each by key and day), so the second edit waits for the first: a third
    // transaction holding the first vendor's shop row makes the two edits overlap, every time.
    const onFarm = await insertProduct(t, farm.id, { category: 'fruit', expiresOn: EARLY });
    const onOrchard = await insertProduct(t, orchard.id, { category: 'fruit', expiresOn: LATE });
    const edits = await overlapping({ shop: farm.id, day: EARLY }, [
      () => moveProduct(onFarm, farm.auth, LATE),
      () => moveProduct(onOrchard, orchard.auth, EARLY),
    ]);
    for (const response of edits) expect(response.statusCode, response.body).toBe(200);
    await expectKeptEqualsCounted();
  });

  it('never deadlock an admin deleting a shop while another vendor moves a product between its days', async () => {
    // The deleted shop's products leave their rows one by one, the later day first (the order they were added
    // in); the vendor's edit takes the earlier day's category row, then the later's. Without the deletion locking
    // its rows in their order first, each would hold a row the other needs next.
    await insertProduct(t, grove.id, { category: 'fruit', expiresOn: EARLY });
    await insertProduct(t, grove.id, { category: 'fruit', expiresOn: LATE });
    const onOrchard = await insertProduct(t, orchard.id, { category: 'fruit', expiresOn: EARLY });
    const [deleted, moved] = await overlapping({ shop: grove.id, day: LATE }, [
      () => t.app.inject({ method: 'DELETE', url: `/api/users/vendor/${grove.email}`, headers: admin.auth }),
      () => moveProduct(onOrchard, orchard.auth, LATE),
    ]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(moved.statusCode, moved.body).toBe(200);
    await expectKeptEqualsCounted();
  });
});

const [EARLY, LATE] = [dayFromToday(10), dayFromToday(20)];

/** The vendor gives their product a new use-by date through the edit form (PUT /api/products/:id). */
function moveProduct(id: string, auth: Record<string, string>, expiresOn: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: auth,
    payload: {
      productName: 'Moved Apples',
      productDetails: 'A new use-by date',
      productQuantity: 5,
      productionCost: 5,
      profitMargin: 0,
      productManufacturingDate: dayFromToday(-1),
      productExpireDate: expiresOn,
      productImage: '/uploads/product.webp',
    },
  });
}

/**
 * Sends `requests` while another transaction holds the lock of one shop's counts row of one day, each once the
 * ones before it wait for a lock, then lets them go: their writes overlap however fast each one is.
 */
async function overlapping<T>(held: { shop: string; day: string }, requests: (() => Promise<T>)[]): Promise<T[]> {
  const pool = (t.db as unknown as { $client: import('pg').Pool }).$client;
  const holder = await pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(
      `SELECT FROM product_facet_counts WHERE scope = 'shop' AND scope_key = $1 AND expires_on = $2 FOR UPDATE`,
      [held.shop, held.day],
    );
    const waiting = async () =>
      (
        await holder.query(`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`)
      ).rows[0].n;
    const answers: Promise<T>[] = [];
    for (const request of requests) {
      answers.push(Promise.resolve(request())); // app.inject sends when its answer is asked for
      await expect.poll(waiting, { timeout: 5_000, interval: 20 }).toBe(answers.length);
    }
    await holder.query('COMMIT');
    return await Promise.all(answers);
  } finally {
    holder.release();
  }
}

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '#contract/products.ts';
import { buildTestApp, createTestDatabase, madeBeforeAll, type TestContext } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';
import { liveSearchIndex } from './search-index.ts';
import { liveSpelling } from './spelling.ts';
import { insertProduct, renameProduct } from './test-products.ts';

// Two apps on one database, each with its own pool and change feed: two server processes in all but the process.
const stack = madeBeforeAll(async () => {
  const database = await createTestDatabase();
  const [a, b] = [await buildTestApp(database.url), await buildTestApp(database.url)];
  return { database, a, b };
});
afterAll(async () => {
  await stack.a.close();
  await stack.b.close();
  await stack.database.drop();
});

const search = async (t: TestContext, q: string) => {
  const response = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
  return response.json() as ProductPage;
};

describe("each server's search index, kept in step by the change feed", () => {
  it('finds a product renamed through another server by its new name within a second, and no longer by its old', async () => {
    // What the second process holds: its index of the catalog, kept up by its own change feed.
    const { b } = stack;
    const index = liveSearchIndex(b.db, b.app.catalogChanges, b.config.businessTimeZone);
    const { spell } = await liveSpelling(b.db, b.app.catalogChanges);
    await index.built;
    const vendor = await createUser(stack.a, { role: 'vendor', name: 'Rename Farm' });
    const id = await insertProduct(stack.a, vendor.id, { name: 'Quince Paste', category: 'sweet' });
    const ranked = async (q: string) =>
      ((await index.current()?.search(b.db, q, spell))?.ranked ?? []).map((r) => r.id());
    await expect.poll(() => ranked('quince paste'), { timeout: 1_000, interval: 20 }).toContain(id);

    await renameProduct(stack.a, vendor.auth, id, 'Medlar Jelly');
    const renamed = Date.now();
    await expect.poll(() => ranked('medlar jelly'), { timeout: 1_000, interval: 20 }).toContain(id);
    expect(Date.now() - renamed).toBeLessThan(1_000);
    expect(await ranked('quince paste')).not.toContain(id);
    // The page the other server answers shows the new name (its card read live).
    expect((await search(b, 'medlar jelly')).items.map((p) => p._id)).toContain(id);
  });

  it('leaves out a product unlisted through another server, and a closed shop’s products', async () => {
    const { b } = stack;
    const index = liveSearchIndex(b.db, b.app.catalogChanges, b.config.businessTimeZone);
    const { spell } = await liveSpelling(b.db, b.app.catalogChanges);
    await index.built;
    const vendor = await createUser(stack.a, { role: 'vendor', name: 'Closing Farm' });
    const id = await insertProduct(stack.a, vendor.id, { name: 'Loganberry Cordial', category: 'beverage' });
    const ranked = async () =>
      ((await index.current()?.search(b.db, 'loganberry cordial', spell))?.ranked ?? []).map((r) => r.id());
    await expect.poll(ranked, { timeout: 1_000, interval: 20 }).toContain(id);
    await stack.a.db.execute(sql`UPDATE shops SET approval = 'rejected' WHERE vendor_id = ${vendor.id}`);
    await expect.poll(ranked, { timeout: 1_000, interval: 20 }).not.toContain(id);
    await stack.a.db.execute(sql`UPDATE shops SET approval = 'approved' WHERE vendor_id = ${vendor.id}`);
    await expect.poll(ranked, { timeout: 1_000, interval: 20 }).toContain(id);
    await stack.a.db.execute(sql`UPDATE products SET listed = false WHERE id = ${id}`);
    await expect.poll(ranked, { timeout: 1_000, interval: 20 }).not.toContain(id);
  });

  it('takes the 100 most popular of the products only their details hold, as their popularity changes', async () => {
    const { b } = stack;
    const index = liveSearchIndex(b.db, b.app.catalogChanges, b.config.businessTimeZone);
    const { spell } = await liveSpelling(b.db, b.app.catalogChanges);
    await index.built;
    const vendor = await createUser(stack.a, { role: 'vendor', name: 'Moorland Apiary' });
    const ids: string[] = [];
    for (let k = 0; k < 103; k++) {
      ids.push(
        await insertProduct(stack.a, vendor.id, { name: `Heather Honey ${k}`, details: 'From the quillwort meadows' }),
      );
    }
    // The first three the least popular: the index's 100 are the other hundred.
    await stack.a.db.execute(sql`UPDATE products SET popularity = array_position(${sql.param(ids)}::uuid[], id)
      WHERE id = ANY(${sql.param(ids)}::uuid[])`);
    const chosen = async () => {
      const found = await index.current()?.search(b.db, 'quillwort', spell);
      return { byPopularity: found?.describedByPopularity, ids: new Set(found?.ranked.map((r) => r.id())) };
    };
    const expected = (most: string[]) => ({ byPopularity: true, ids: new Set(most) });
    await expect.poll(chosen, { timeout: 1_000, interval: 20 }).toEqual(expected(ids.slice(3)));

    // The least popular becomes the most: it is chosen, and the one that was 100th is not.
    await stack.a.db.execute(sql`UPDATE products SET popularity = 1000 WHERE id = ${ids[0]}`);
    await expect.poll(chosen, { timeout: 1_000, interval: 20 }).toEqual(expected([ids[0], ...ids.slice(4)]));
  });

  it('builds itself again when its feed reconnects, with what was committed while it was deaf', async () => {
    // A feed that hears nothing until it "reconnects": the products added while it was deaf come from the table.
    let heard: ((payload: string | undefined) => void) | undefined;
    const deaf = {
      ...stack.a.app.catalogChanges,
      subscribeSearchProducts: (listener: (payload: string | undefined) => void) => {
        heard = listener;
        return () => undefined;
      },
    };
    const index = liveSearchIndex(stack.a.db, deaf, stack.a.config.businessTimeZone);
    const { spell } = await liveSpelling(stack.a.db, stack.a.app.catalogChanges);
    await index.built;
    const before = index.current();
    const vendor = await createUser(stack.a, { role: 'vendor', name: 'Deaf Orchard' });
    const id = await insertProduct(stack.a, vendor.id, { name: 'Damson Gin', category: 'beverage' });
    const ranked = async () =>
      ((await index.current()?.search(stack.a.db, 'damson gin', spell))?.ranked ?? []).map((r) => r.id());
    expect(await ranked()).not.toContain(id);
    heard?.(undefined);
    await expect.poll(ranked, { timeout: 5_000, interval: 20 }).toContain(id);
    expect(index.current()).not.toBe(before);
  });

  it('says "warming" on /api/health until the index is built, then "ok"', async () => {
    const health = async () => (await stack.b.app.inject({ url: '/api/health' })).json().status;
    expect(await health()).toBe('ok');
    // The index built again while another session holds products: health says warming until the read is done.
    const holder = new pg.Client({ connectionString: stack.database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      const index = liveSearchIndex(stack.b.db, stack.b.app.catalogChanges, stack.b.config.businessTimeZone);
      expect(await health()).toBe('warming');
      await holder.query('COMMIT');
      await index.built;
      expect(await health()).toBe('ok');
    } finally {
      await holder.end();
    }
  });
});

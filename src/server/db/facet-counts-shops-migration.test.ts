import { describe, expect, it } from 'vitest';
import { setupDatabaseBefore } from '../test/database-before.ts';

/**
 * Migration 0064 (decision 063) on a database at 0063 whose kept filter counts hold the products of a shop waiting for
 * the admin's approval: it takes them away, and leaves those of an approved shop counted.
 */
const database = setupDatabaseBefore('0064_facet_counts_listed_shops');

const counted = async (category: string) => {
  const { rows } = await database.client.query(
    `SELECT coalesce(sum(products), 0)::int AS products FROM product_facet_counts
     WHERE scope = 'category' AND scope_key = $1`,
    [category],
  );
  return rows[0].products as number;
};

describe('migration 0064: the kept counts leave out shops not approved', () => {
  it("takes the held shop's products away from the counts and keeps the approved shop's", async () => {
    const { rows: people } = await database.client.query(
      `INSERT INTO users (name, email, role) VALUES ('Held Farm', 'held@example.com', 'vendor'),
         ('Open Farm', 'open@example.com', 'vendor') RETURNING id`,
    );
    const [held, open] = people.map((row) => row.id as string);
    await database.client.query(
      `INSERT INTO shops (vendor_id, name, approval) VALUES ($1, 'Held Farm', 'pending'), ($2, 'Open Farm', 'approved')`,
      [held, open],
    );
    for (const [vendor, name] of [
      [held, 'Held plums'],
      [held, 'Held pears'],
      [open, 'Open apples'],
    ]) {
      await database.client.query(
        `INSERT INTO products (vendor_id, name, image_url, category, price_cents, stock, unit, details,
           manufactured_on, expires_on)
         VALUES ($1, $2, '/uploads/p.webp', 'fruit', 300, 5, 'kg', 'Grown nearby', current_date - 1, current_date + 30)`,
        [vendor, name],
      );
    }
    expect(await counted('fruit')).toBe(3);

    await database.migrateUntil();
    expect(await counted('fruit')).toBe(1);
  });
});

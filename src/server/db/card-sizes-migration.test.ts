import { describe, expect, it } from 'vitest';
import { setupDatabaseBefore } from '../test/database-before.ts';

/**
 * Migration 0065 (decision 052, "As built") on a database at 0064 with 2,500 products in two sizes and 500 in one: it
 * gives each product in several sizes its card's copies, leaves the others null, and commits 1,000 products at a time,
 * so a sale waits for one batch at most, never for the whole catalog's fill.
 */
const database = setupDatabaseBefore('0065_product_card_sizes');

describe('migration 0065: the cards of products in several sizes, filled in batches', () => {
  it('fills every product with several sizes, as product_card_sizes() says, in one transaction per 1,000', async () => {
    const { client } = database;
    const { rows: people } = await client.query(
      `INSERT INTO users (name, email, role) VALUES ('Size Farm', 'sizes@example.com', 'vendor') RETURNING id`,
    );
    const vendor = people[0].id as string;
    await client.query(`INSERT INTO shops (vendor_id, name, approval) VALUES ($1, 'Size Farm', 'approved')`, [vendor]);
    await client.query(
      `WITH made AS (
         INSERT INTO products (vendor_id, name, image_url, category, price_cents, stock, unit, details,
           manufactured_on, expires_on)
         SELECT $1, 'Apples ' || g, '/uploads/p.webp', 'fruit', 300, 10, 'kg', 'Grown nearby', current_date - 1,
           current_date + 30
         FROM generate_series(1, 3000) AS g
         RETURNING id, name)
       INSERT INTO product_options (product_id, vendor_id, position, label, sku, price_cents, unit, stock)
       SELECT made.id, $1, k, CASE WHEN k = 1 THEN 'Small' ELSE 'Large' END, made.name || '-' || k,
         CASE WHEN k = 1 THEN 300 ELSE 250 END, 'kg', 5
       FROM made CROSS JOIN LATERAL generate_series(1, CASE WHEN substring(made.name FROM '[0-9]+$')::int <= 2500
         THEN 2 ELSE 1 END) AS k`,
      [vendor],
    );

    await database.migrateUntil('0066_subscription_plans');

    const { rows: filled } = await client.query(
      `SELECT count(*)::int AS products, count(DISTINCT p.xmin::text)::int AS transactions,
         count(*) FILTER (WHERE p.sizes::text = c.sizes::text AND p.first_stock = c.first_stock)::int AS agreeing,
         count(*) FILTER (WHERE p.sizes->'from'->>'unit' = 'kg' AND (p.sizes->>'count')::int = 2)::int AS two_sizes
       FROM products p JOIN product_card_sizes() c ON c.product_id = p.id`,
    );
    expect(filled[0]).toEqual({ products: 2500, transactions: 3, agreeing: 2500, two_sizes: 2500 });
    const { rows: single } = await client.query(
      `SELECT count(*)::int AS n FROM products WHERE sizes IS NULL AND first_stock IS NULL`,
    );
    expect(single[0].n).toBe(500);
    // The cheapest size is the large one (250 cents): the card's "from" reads it; its first size is the small one.
    const { rows: one } = await client.query(
      `SELECT sizes->'first'->>'priceCents' AS first FROM products WHERE name = 'Apples 1'`,
    );
    expect(one[0].first).toBe('300');
  });
});

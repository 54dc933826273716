import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { recordFirstOptions } from '../modules/catalog/records.ts';
import { setupDatabaseBefore } from '../test/database-before.ts';

/**
 * Migration 0055 (issue 32, item 3; decision 052) on a database at 0054 holding products of every kind, a cart line
 * and an order line: every product becomes one option drawing 1 from its stock, with its price, unit, pack, weight,
 * cost and margin; the products rows, their facet counts and order lines are left as they were; the cart line points
 * at the option. recordFirstOptions (what tests and the demo seed use) makes the very same option.
 */
const BEFORE = '0055_product_options';
const database = setupDatabaseBefore(BEFORE);

/** Products of every kind, as 0054 holds them (name → the columns that differ). */
const KINDS: Record<string, string> = {
  // A price typed without a cost (issue 32), by the kg (the category's unit).
  typed: `'typed', 'vegetable', NULL, NULL, 450, 12, 'kg', NULL, NULL, NULL, false, NULL, true`,
  // Cost and margin, sold each.
  margin: `'margin', 'bakery', 300, 2000, 360, 7, 'piece', NULL, NULL, NULL, false, NULL, true`,
  // A named pack with its net quantity.
  pack: `'pack', 'sweet', 850, 4000, 1190, 40, 'pack', '340 g jar', 340, 'g', false, NULL, true`,
  // Sold by weight: price per kg, pieces of about 200 g.
  weighed: `'weighed', 'proteins', 2100, 3000, 2730, 15, 'kg', NULL, NULL, NULL, true, 200, true`,
  // By the dozen and by the bunch: their labels.
  dozen: `'dozen', 'proteins', NULL, NULL, 650, 30, 'dozen', NULL, NULL, NULL, false, NULL, true`,
  bunch: `'bunch', 'vegetable', NULL, NULL, 250, 9, 'bunch', NULL, NULL, NULL, false, NULL, true`,
  liter: `'liter', 'milk', 180, 2500, 225, 20, 'liter', NULL, NULL, NULL, false, NULL, true`,
  // Unlisted (deleted by its vendor): its option is unlisted too.
  unlisted: `'unlisted', 'fruit', NULL, NULL, 300, 0, 'kg', NULL, NULL, NULL, false, NULL, false`,
};
const EXPECTED_LABELS: Record<string, string> = {
  typed: '1 kg',
  margin: 'Each',
  pack: '340 g jar',
  weighed: '1 kg',
  dozen: 'Dozen',
  bunch: 'Bunch',
  liter: '1 liter',
  unlisted: '1 kg',
};

async function insertProducts(vendorId: string, suffix: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [kind, values] of Object.entries(KINDS)) {
    const { rows } = await database.client.query(
      `INSERT INTO products (vendor_id, name, image_url, category, production_cost_cents, profit_margin_bp,
         price_cents, stock, unit, pack_label, net_quantity, net_unit, sold_by_weight, grams_per_piece, listed,
         details, manufactured_on, expires_on)
       SELECT $1, v.name || $2, '/uploads/p.webp', v.category, v.cost::int, v.margin::int, v.price, v.stock,
         v.unit::unit, v.pack_label, v.net_quantity::float8, v.net_unit::unit, v.weighed, v.grams::int, v.listed,
         'Grown nearby', '2026-01-01', '2030-01-01'
       FROM (VALUES (${values})) AS v(name, category, cost, margin, price, stock, unit, pack_label, net_quantity,
         net_unit, weighed, grams, listed)
       RETURNING id`,
      [vendorId, suffix],
    );
    ids.set(kind, rows[0].id);
  }
  return ids;
}

const OPTION_COLUMNS = `o.position, o.label, o.sku, o.gtin, o.price_cents, o.production_cost_cents, o.profit_margin_bp,
  o.unit, o.pack_label, o.net_quantity, o.net_unit, o.sold_by_weight, o.grams_per_piece, o.stock, o.draws, o.listed`;

describe('migration 0055', () => {
  it('makes every product one option drawing 1 from its stock, moves carts to it, leaves products and order lines', async () => {
    const { rows: people } = await database.client.query(
      `INSERT INTO users (name, email, role) VALUES ('Vera Vendor', 'vera@example.com', 'vendor'),
         ('Sam Shopper', 'sam@example.com', 'customer') RETURNING id`,
    );
    const [vendorId, shopperId] = people.map((row) => row.id as string);
    const ids = await insertProducts(vendorId, '');
    await database.client.query(
      'INSERT INTO cart_items (user_id, product_id, amount) VALUES ($1, $2, 3), ($1, $3, 1)',
      [shopperId, ids.get('pack'), ids.get('weighed')],
    );
    const { rows: payments } = await database.client.query(
      `INSERT INTO customer_payments (user_id, email, name, order_name, phone_number, address, subtotal_cents,
         price_cents, provider, transaction_id)
       VALUES ($1, 'sam@example.com', 'Sam Shopper', 'Sam', '+1 555 000 2222', '2 Orchard Lane', 2380, 2380, 'sandbox',
         'pi_test_options') RETURNING id`,
      [shopperId],
    );
    const { rows: orderRows } = await database.client.query(
      `INSERT INTO orders (payment_id, user_id, email, name) VALUES ($1, $2, 'sam@example.com', 'Sam Shopper')
       RETURNING id`,
      [payments[0].id, shopperId],
    );
    await database.client.query(
      `INSERT INTO order_lines (order_id, product_id, vendor_id, shop_name, shop_email, item_name, image,
         unit_price_cents, amount, total_cents)
       VALUES ($1, $2, $3, 'Vera''s', 'vera@example.com', 'pack', '/uploads/p.webp', 1190, 2, 2380)`,
      [orderRows[0].id, ids.get('pack'), vendorId],
    );
    const productsNow = async () =>
      (await database.client.query(`SELECT to_jsonb(p) - 'min_draws' AS row FROM products p ORDER BY id`)).rows;
    const countsNow = async () =>
      (await database.client.query('SELECT to_jsonb(c) AS row FROM product_facet_counts c ORDER BY 1::text')).rows;
    const productsBefore = await productsNow();
    const countsBefore = await countsNow();
    expect(countsBefore.length).toBeGreaterThan(0);
    const fileBefore = (await database.client.query(`SELECT pg_relation_filenode('products') AS node`)).rows[0].node;

    // Up to 0055 itself: later migrations (0057 adds a column to products) are not this test's.
    await database.migrateUntil('0056_recovery_not_starved');

    // The products rows are as they were (not rewritten: the same file), in stock from one unit.
    expect(await productsNow()).toEqual(productsBefore);
    expect((await database.client.query(`SELECT pg_relation_filenode('products') AS node`)).rows[0].node).toBe(
      fileBefore,
    );
    expect((await database.client.query('SELECT DISTINCT min_draws FROM products')).rows).toEqual([{ min_draws: 1 }]);
    expect(await countsNow()).toEqual(countsBefore);

    // One option per product: its price, cost, margin, unit, pack and weight, drawing 1, listed as its product.
    const { rows: options } = await database.client.query(
      `SELECT p.id AS product_id, p.vendor_id AS product_vendor, o.vendor_id, ${OPTION_COLUMNS},
         p.price_cents AS p_price, p.production_cost_cents AS p_cost, p.profit_margin_bp AS p_margin, p.unit AS p_unit,
         p.pack_label AS p_pack, p.net_quantity AS p_net, p.net_unit AS p_net_unit, p.sold_by_weight AS p_weighed,
         p.grams_per_piece AS p_grams, p.listed AS p_listed
       FROM products p JOIN product_options o ON o.product_id = p.id`,
    );
    expect(options).toHaveLength(ids.size);
    for (const [kind, id] of ids) {
      const option = options.find((o) => o.product_id === id);
      expect(option, kind).toBeDefined();
      expect(
        [
          option.vendor_id,
          option.price_cents,
          option.production_cost_cents,
          option.profit_margin_bp,
          option.unit,
          option.pack_label,
          option.net_quantity,
          option.net_unit,
          option.sold_by_weight,
          option.grams_per_piece,
          option.listed,
        ],
        kind,
      ).toEqual([
        option.product_vendor,
        option.p_price,
        option.p_cost,
        option.p_margin,
        option.p_unit,
        option.p_pack,
        option.p_net,
        option.p_net_unit,
        option.p_weighed,
        option.p_grams,
        option.p_listed,
      ]);
      expect([option.position, option.draws, option.stock, option.gtin], kind).toEqual([1, 1, null, null]);
      expect(option.label, kind).toBe(EXPECTED_LABELS[kind]);
      expect(option.sku, kind).toBe(`P-${id.replaceAll('-', '').slice(0, 12).toUpperCase()}`);
    }

    // The cart lines point at their product's option; the order line's new columns are empty.
    const { rows: cart } = await database.client.query(
      `SELECT c.product_id, c.amount, o.product_id AS option_product FROM cart_items c
       JOIN product_options o ON o.id = c.option_id ORDER BY c.amount`,
    );
    expect(cart).toEqual([
      { product_id: ids.get('weighed'), amount: 1, option_product: ids.get('weighed') },
      { product_id: ids.get('pack'), amount: 3, option_product: ids.get('pack') },
    ]);
    const { rows: lines } = await database.client.query(
      'SELECT option_id, option_label, sku, draws, unit, pack_label, net_quantity, net_unit FROM order_lines',
    );
    expect(lines).toEqual([
      {
        option_id: null,
        option_label: null,
        sku: null,
        draws: null,
        unit: null,
        pack_label: null,
        net_quantity: null,
        net_unit: null,
      },
    ]);

    // Migrating again does nothing.
    await database.migrateUntil('0056_recovery_not_starved');
    expect((await database.client.query('SELECT count(*)::int AS n FROM product_options')).rows[0].n).toBe(ids.size);

    // recordFirstOptions (test factories, demo seed) makes the option the migration made, once.
    const orm = drizzle(database.client);
    const later = await insertProducts(vendorId, ' later');
    const made = await recordFirstOptions(orm, [...later.values()]);
    expect(made).toHaveLength(later.size);
    expect(await recordFirstOptions(orm, [...later.values(), ...ids.values()])).toEqual([]);
    const optionOf = async (productId: string) =>
      (
        await database.client.query(`SELECT ${OPTION_COLUMNS} FROM product_options o WHERE o.product_id = $1`, [
          productId,
        ])
      ).rows.map(({ sku, ...rest }) => ({
        ...rest,
        skuFromId: sku === `P-${productId.replaceAll('-', '').slice(0, 12).toUpperCase()}`,
      }));
    for (const [kind, id] of later) {
      expect(await optionOf(id), kind).toEqual(await optionOf(ids.get(kind) as string));
    }
  });
});

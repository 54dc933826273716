import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../src/server/db/client.ts';

export const PRODUCT_COUNT = 100_000;
const VENDOR_COUNT = 200;

const ADJECTIVES = [
  'Organic',
  'Fresh',
  'Local',
  'Heirloom',
  'Farm',
  'Wild',
  'Golden',
  'Sweet',
  'Ripe',
  'Crisp',
  'Smoked',
  'Aged',
];
const NOUNS = [
  'Tomatoes',
  'Carrots',
  'Spinach',
  'Potatoes',
  'Onions',
  'Peppers',
  'Cucumbers',
  'Lettuce',
  'Apples',
  'Pears',
  'Peaches',
  'Plums',
  'Cherries',
  'Blueberries',
  'Strawberries',
  'Grapes',
  'Whole Milk',
  'Cheddar Cheese',
  'Yogurt',
  'Butter',
  'Honey',
  'Jam',
  'Cookies',
  'Brownies',
  'Granola',
  'Crackers',
  'Apple Cider',
  'Lemonade',
  'Kombucha',
  'Sourdough Bread',
  'Bagels',
  'Oats',
  'Rice',
  'Lentils',
  'Eggs',
  'Chicken',
  'Salsa',
  'Pickles',
  'Flour',
  'Tortillas',
];

const textArray = (values: string[]) =>
  sql.raw(`(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}])`);

/** The statements that rebuild a table's secondary indexes (those no constraint owns), as defined. */
async function secondaryIndexes(tx: Tx, table: string): Promise<{ name: string; definition: string }[]> {
  const result = await tx.execute(sql`
    SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = ${table}::regclass
      AND NOT EXISTS (SELECT FROM pg_constraint k WHERE k.conindid = i.indexrelid)`);
  return result.rows as { name: string; definition: string }[];
}

/** Runs `work` on each item, `lanes` at a time, each lane taking the next item when it is done. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/** Parts of the work done at once, one per core here (each is one backend's CPU). */
const LANES = 2;

/**
 * Fills an empty, migrated database with 200 vendors and 100,000 products (or `productCount`) in a few set-based
 * statements (generate_series), spread over the 12 categories with varied prices, popularity and dates, and over
 * Oregon and Washington (each product from a farm near its shop), each sold as 1 to 3 options (decision 052; 200,000
 * options for 100,000 products) written in the same statement as its product.
 * A million rows take about 90 s here (117 s in one transaction): the products' secondary indexes are dropped, every
 * row is inserted by INSERT … SELECT (primary key, foreign keys and checks enforced as always; the options' indexes
 * are dropped and built again too, their foreign keys added again and so checked at once), then each index is built
 * again from its own definition, sorted in memory, which is many times faster than maintaining eleven indexes row by
 * row. The inserts and the builds run in LANES transactions at once (halves of the products, then one index each, the
 * slowest first: the GiST of the origins alone takes as long as all the B-trees), none waiting for the disk. The
 * dictionary trigger, which would split a million names into words, and the search postings trigger are held off for
 * the insert: the dictionary gets the same words from the two word lists the names are made of (the number in a name
 * is not a term), the postings one INSERT … SELECT per lane before their index is built. The kept filter counts'
 * trigger runs for each half as for any insert. The tables end the same as with one transaction (compared at 20,000
 * products: rows, postings, terms, kept counts, indexes, triggers).
 */
export async function seedBenchCatalog(db: Db, productCount = PRODUCT_COUNT): Promise<void> {
  const fast = async (tx: Tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '512MB'`);
  };
  const { dropped: indexes, keys } = await db.transaction(async (tx) => {
    await fast(tx);
    await tx.execute(sql`
      INSERT INTO users (name, email, role)
      SELECT 'Vendor ' || g, 'vendor' || g || '@bench.example', 'vendor'
      FROM generate_series(1, ${VENDOR_COUNT}) AS g`);
    await tx.execute(sql`
      INSERT INTO shops (vendor_id, name, image, address, phone, established, membership, latitude, longitude)
      SELECT u.id,
        (ARRAY['Green', 'Sunny', 'Meadow', 'River', 'Oak', 'Hill', 'Maple', 'Cedar'])[1 + g % 8] || ' ' ||
        (ARRAY['Farm', 'Orchard', 'Dairy', 'Garden', 'Bakery', 'Market'])[1 + g % 6] || ' ' || g,
        '/uploads/shop.webp', g || ' Market Street', '+1 555 000 ' || lpad(g::text, 4, '0'),
        date '2005-01-01' + g * 20, 'premium',
        -- Spread over Oregon and Washington (42-49 N, 117-124 W).
        42 + (g * 37 % 700) / 100.0, -124 + (g * 53 % 700) / 100.0
      FROM generate_series(1, ${VENDOR_COUNT}) AS g
      JOIN users u ON u.email = 'vendor' || g || '@bench.example'`);
    const dropped = [
      ...(await secondaryIndexes(tx, 'products')),
      ...(await secondaryIndexes(tx, 'product_options')),
      ...(await secondaryIndexes(tx, 'search_postings')),
    ];
    for (const index of dropped) await tx.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
    // The options' foreign keys are added again after the insert, each checked by one join over the whole table
    // instead of two lookups per option row (2,000,000 rows at a million products: seconds instead of minutes).
    const keys = (
      await tx.execute(sql`
        SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = 'product_options'::regclass AND contype = 'f'`)
    ).rows as { name: string; definition: string }[];
    for (const key of keys) {
      await tx.execute(sql`ALTER TABLE product_options DROP CONSTRAINT ${sql.identifier(key.name)}`);
    }
    await tx.execute(sql`ALTER TABLE products DISABLE TRIGGER products_search_terms_insert`);
    await tx.execute(sql`ALTER TABLE products DISABLE TRIGGER products_search_postings_insert`);
    await tx.execute(sql`ALTER TABLE products DISABLE TRIGGER products_place_at_shop`);
    return { dropped, keys };
  });
  const half = Math.ceil(productCount / LANES);
  const parts = Array.from({ length: LANES }, (_, n) => [n * half + 1, Math.min(productCount, (n + 1) * half)]);
  await inLanes(parts, LANES, ([first, last]) =>
    db.transaction(async (tx) => {
      await fast(tx);
      // Each product with its options in one statement: the products' rows, then 1 + g % 3 options of each
      // (decision 052). Every 12th product (g % 12 = 2) sells a single, a half dozen and a dozen from one pool
      // (draws 1, 6, 12); a product with one option draws 1 from its stock (as migration 0055 made every product);
      // the others' two or three sizes each have their own stock, the product's stock split between them. The first
      // option is the product's unit, cost, margin and price, and the cheapest: the products rows (price, stock,
      // min_draws 1) are the same as before options, so the bench compares like with like.
      await tx.execute(sql`
      WITH vendors AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE role = 'vendor'),
      made AS (
      INSERT INTO products (vendor_id, name, image_url, category, details, production_cost_cents, profit_margin_bp,
        price_cents, stock, unit, manufactured_on, expires_on, popularity, created_at, labels, allergens,
        origin_latitude, origin_longitude)
      SELECT vendors.ids[1 + g % ${VENDOR_COUNT}],
        ${textArray(ADJECTIVES)}[1 + g % ${ADJECTIVES.length}] || ' ' || ${textArray(NOUNS)}[1 + (g / 12) % ${NOUNS.length}] || ' ' || g,
        '/uploads/product.webp', c.value,
        'Grown and packed by a local producer. Batch ' || g || ', harvested this season.',
        cost, 2000, cost + (cost * 2000 + 5000) / 10000, 1 + g % 100, c.unit,
        current_date - 10, current_date + 30 + g % 300, (g::bigint * 7919) % 1000, now() - make_interval(secs => g),
        (g * 7) % 32, CASE WHEN g % 3 = 0 THEN 0 ELSE (g * 131) % 16384 END,
        -- Each product from a farm up to 0.1 degree (about 11 km) from its shop.
        s.latitude + ((g / ${VENDOR_COUNT}) * 13 % 201 - 100) / 1000.0,
        s.longitude + ((g / ${VENDOR_COUNT}) * 17 % 201 - 100) / 1000.0
      FROM generate_series(${first}::int, ${last}::int) AS g
      CROSS JOIN vendors
      JOIN shops s ON s.vendor_id = vendors.ids[1 + g % ${VENDOR_COUNT}]
      JOIN categories c ON c.id = 1 + g % 12
      CROSS JOIN LATERAL (SELECT 100 + (g * 37) % 4900 AS cost) AS money
      RETURNING id, vendor_id, name, production_cost_cents AS cost, stock, unit)
      INSERT INTO product_options (product_id, vendor_id, position, label, sku, price_cents, production_cost_cents,
        profit_margin_bp, unit, pack_label, net_quantity, net_unit, stock, draws)
      SELECT made.id, made.vendor_id, k,
        CASE WHEN pooled THEN (ARRAY['Single', 'Half dozen', 'Dozen'])[k] WHEN n = 1 THEN 'Each'
          ELSE (ARRAY['Small', 'Medium', 'Large'])[k] END,
        'B-' || g || '-' || k, size.cost + (size.cost * 2000 + 5000) / 10000, size.cost, 2000,
        CASE WHEN k = 1 THEN made.unit WHEN pooled AND k = 2 THEN 'pack' WHEN pooled THEN 'dozen' ELSE made.unit END,
        CASE WHEN pooled AND k = 2 THEN 'Half dozen' END, CASE WHEN pooled AND k = 2 THEN 6 END,
        CASE WHEN pooled AND k = 2 THEN 'piece'::unit END,
        -- Own stock: the product's stock split between its sizes (their sum is the product's stock).
        CASE WHEN NOT pooled AND n > 1 THEN (made.stock + k - 1) / n END,
        CASE WHEN pooled THEN (ARRAY[1, 6, 12])[k] WHEN n = 1 THEN 1 END
      FROM made
      CROSS JOIN LATERAL (SELECT substring(made.name FROM '[0-9]+$')::int AS g) AS named
      CROSS JOIN LATERAL (SELECT 1 + g % 3 AS n, g % 12 = 2 AS pooled) AS kind
      CROSS JOIN LATERAL generate_series(1, n) AS k
      -- A bigger size costs more: a pool's by the units it draws (less 10 % a dozen), another's by its rank.
      CROSS JOIN LATERAL (SELECT CASE WHEN pooled THEN made.cost * (ARRAY[1, 6, 12])[k] * (ARRAY[10, 10, 9])[k] / 10
        ELSE made.cost * k END AS cost) AS size`);
    }),
  );
  // What the cards of the products with several sizes show (products.sizes, first_stock), as writeOptions keeps it.
  await db.transaction(async (tx) => {
    await fast(tx);
    await tx.execute(sql`UPDATE products p SET sizes = c.sizes, first_stock = c.first_stock
      FROM product_card_sizes() c WHERE p.id = c.product_id`);
  });
  // The postings the held-off trigger would have made, a share of the products (by a byte of the id) per lane.
  await inLanes(
    Array.from({ length: LANES }, (_, n) => n),
    LANES,
    (share) =>
      db.transaction(async (tx) => {
        await fast(tx);
        await tx.execute(sql`
        INSERT INTO search_postings
        SELECT d.* FROM products p,
          search_postings_of(p.search_vector, p.popularity, p.id, p.expires_on, p.category, p.vendor_id) AS d
        WHERE p.listed AND get_byte(uuid_send(p.id), 15) % ${LANES} = ${share}`);
      }),
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE products ENABLE TRIGGER products_search_terms_insert`);
    await tx.execute(sql`ALTER TABLE products ENABLE TRIGGER products_search_postings_insert`);
    await tx.execute(sql`ALTER TABLE products ENABLE TRIGGER products_place_at_shop`);
    for (const key of keys) {
      await tx.execute(
        sql`ALTER TABLE product_options ADD CONSTRAINT ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
      );
    }
    await tx.execute(sql`
      INSERT INTO search_terms (term)
      SELECT DISTINCT w FROM unnest(${textArray([...ADJECTIVES, ...NOUNS])}) AS name, search_words(name) AS w
      ON CONFLICT DO NOTHING`);
  });
  // GiST and GIN builds first: each takes longer than any B-tree.
  const slowFirst = (definition: string) =>
    / USING gist /i.test(definition) ? 0 : / USING gin /i.test(definition) ? 1 : 2;
  const ordered = [...indexes].sort((a, b) => slowFirst(a.definition) - slowFirst(b.definition));
  await inLanes(ordered, LANES, (index) =>
    db.transaction(async (tx) => {
      await fast(tx);
      await tx.execute(sql.raw(index.definition));
    }),
  );
  // VACUUM sets the visibility map so counts can be answered from the index alone.
  await db.execute(sql`VACUUM ANALYZE products`);
  await db.execute(sql`VACUUM ANALYZE product_options`);
  await db.execute(sql`VACUUM ANALYZE search_postings`);
  await db.execute(sql`ANALYZE`);
}

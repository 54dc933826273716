import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';

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

/**
 * Fills an empty, migrated database with 200 vendors and 100,000 products (or `productCount`) in a few set-based
 * statements (generate_series), spread over the 12 categories with varied prices, popularity and dates.
 */
export async function seedBenchCatalog(db: Db, productCount = PRODUCT_COUNT): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (name, email, roll)
    SELECT 'Vendor ' || g, 'vendor' || g || '@bench.example', 'vendor'
    FROM generate_series(1, ${VENDOR_COUNT}) AS g`);
  await db.execute(sql`
    INSERT INTO shops (vendor_id, name, image, address, phone, established, membership)
    SELECT u.id,
      (ARRAY['Green', 'Sunny', 'Meadow', 'River', 'Oak', 'Hill', 'Maple', 'Cedar'])[1 + g % 8] || ' ' ||
      (ARRAY['Farm', 'Orchard', 'Dairy', 'Garden', 'Bakery', 'Market'])[1 + g % 6] || ' ' || g,
      '/uploads/shop.webp', g || ' Market Street', '+1 555 000 ' || lpad(g::text, 4, '0'),
      date '2005-01-01' + g * 20, 'premium'
    FROM generate_series(1, ${VENDOR_COUNT}) AS g
    JOIN users u ON u.email = 'vendor' || g || '@bench.example'`);
  await db.execute(sql`
    WITH vendors AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE roll = 'vendor')
    INSERT INTO products (vendor_id, name, image_url, category, details, production_cost_cents, profit_margin_bp,
      price_cents, stock, unit, manufactured_on, expires_on, popularity, created_at)
    SELECT vendors.ids[1 + g % ${VENDOR_COUNT}],
      ${textArray(ADJECTIVES)}[1 + g % ${ADJECTIVES.length}] || ' ' || ${textArray(NOUNS)}[1 + (g / 12) % ${NOUNS.length}] || ' ' || g,
      '/uploads/product.webp', c.value,
      'Grown and packed by a local producer. Batch ' || g || ', harvested this season.',
      cost, 2000, cost + (cost * 2000 + 5000) / 10000, 1 + g % 100, c.unit,
      current_date - 10, current_date + 30 + g % 300, (g::bigint * 7919) % 1000, now() - make_interval(secs => g)
    FROM generate_series(1, ${productCount}) AS g
    CROSS JOIN vendors
    JOIN categories c ON c.id = 1 + g % 12
    CROSS JOIN LATERAL (SELECT 100 + (g * 37) % 4900 AS cost) AS money`);
  // VACUUM sets the visibility map so counts can be answered from the index alone.
  await db.execute(sql`VACUUM ANALYZE products`);
  await db.execute(sql`ANALYZE`);
}

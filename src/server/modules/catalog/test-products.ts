import type pg from 'pg';
import { priceFromCost } from '#contract/money.ts';
import type { TestContext } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { products } from './tables.ts';

let counter = 0;

/** Test helper: inserts a listed product for a vendor straight into the database. */
export async function insertProduct(
  t: TestContext,
  vendorId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<string> {
  counter += 1;
  const cost = overrides.productionCostCents ?? 100 * counter;
  const margin = overrides.profitMarginBp ?? 2000;
  const [row] = await t.db
    .insert(products)
    .values({
      vendorId,
      name: `Product ${counter}`,
      imageUrl: '/uploads/00000000-0000-4000-8000-000000000000.webp',
      category: 'vegetable',
      details: 'Grown nearby',
      productionCostCents: cost,
      profitMarginBp: margin,
      priceCents: priceFromCost(cost, margin),
      stock: 10,
      unit: 'kg',
      manufacturedOn: '2026-01-01',
      expiresOn: dayFromToday(365),
      ...overrides,
    })
    .returning({ id: products.id });
  return row.id;
}

/** Test helper: the vendor renames their product through the API (PUT /api/products/:id, the edit form's fields). */
export async function renameProduct(t: TestContext, auth: Record<string, string>, id: string, productName: string) {
  const edit = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: auth,
    payload: {
      productName,
      productDetails: 'Renamed by its vendor',
      productQuantity: 5,
      productionCost: 5,
      profitMargin: 0,
      productManufacturingDate: '2026-01-01',
      productExpireDate: dayFromToday(300),
      productImage: '/uploads/product.webp',
    },
  });
  if (edit.statusCode !== 200) throw new Error(`rename failed: ${edit.body}`);
}

/** Test helper: the statements the app's pool runs while `work` runs (a pool has no query events to listen to). */
export async function statementsDuring(t: TestContext, work: () => Promise<unknown>): Promise<unknown[]> {
  const pool = (t.db as unknown as { $client: pg.Pool }).$client;
  const query = pool.query;
  const statements: unknown[] = [];
  pool.query = ((...args: Parameters<typeof query>) => {
    statements.push(args[0]);
    return query.apply(pool, args);
  }) as typeof query;
  try {
    await work();
  } finally {
    pool.query = query;
  }
  return statements;
}

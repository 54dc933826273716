import type pg from 'pg';
import type { TestContext } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { createProduct, type ProductOverrides } from '../../test/factories.ts';
import { searchIndexCaughtUp } from './search-index.ts';

let counter = 0;

/**
 * Test helper: a listed product of a vendor (the one product factory, test/factories.ts), priced from a cost that
 * grows with each product (100, 200, … cents) and a 20% margin, so that listings sorted by price have an order.
 */
export async function insertProduct(
  t: TestContext,
  vendorId: string,
  overrides: ProductOverrides = {},
): Promise<string> {
  counter += 1;
  const row = await createProduct(
    t,
    { id: vendorId },
    {
      name: `Product ${counter}`,
      imageUrl: '/uploads/00000000-0000-4000-8000-000000000000.webp',
      details: 'Grown nearby',
      productionCostCents: 100 * counter,
      profitMarginBp: 2000,
      manufacturedOn: '2026-01-01',
      ...overrides,
    },
  );
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
  // The search index re-reads the products a test just wrote, on the same pool: let it finish first.
  await searchIndexCaughtUp(t.db);
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

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

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

import type { VendorOrder } from '#contract/fulfilment.ts';
import type { TestContext } from '../../test/app.ts';
import { createProduct } from '../../test/factories.ts';
import type { TestUser } from '../../test/users.ts';

/** A product sold by weight: `pricePerKgCents` a kg, pieces of about `gramsPerPiece` grams. */
export async function weighedProduct(
  t: TestContext,
  vendor: TestUser,
  { pricePerKgCents, gramsPerPiece, name }: { pricePerKgCents: number; gramsPerPiece: number; name?: string },
) {
  return createProduct(t, vendor, { priceCents: pricePerKgCents, stock: 20, name, soldByWeight: true, gramsPerPiece });
}

/** The vendor's part of an order, as its orders page lists it. */
export async function vendorPart(t: TestContext, vendor: TestUser, orderId: string): Promise<VendorOrder> {
  const response = await t.app.inject({ method: 'GET', url: '/api/vendor/orders?limit=50', headers: vendor.auth });
  if (response.statusCode !== 200) throw new Error(`vendor orders: ${response.body}`);
  return response.json().items.find((order: VendorOrder) => order._id === orderId);
}

/** PUT /api/vendor/orders/:orderId/lines/:lineId/weight. */
export const weigh = (t: TestContext, vendor: TestUser | null, orderId: string, lineId: string, grams: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/vendor/orders/${orderId}/lines/${lineId}/weight`,
    headers: vendor?.auth,
    payload: { grams },
  });

/** Weighs the vendor's only line of the order. */
export async function weighOnly(t: TestContext, vendor: TestUser, orderId: string, grams: number) {
  const [line] = (await vendorPart(t, vendor, orderId)).lines;
  const response = await weigh(t, vendor, orderId, line._id, grams);
  if (response.statusCode !== 200) throw new Error(`weigh: ${response.body}`);
  return response.json();
}

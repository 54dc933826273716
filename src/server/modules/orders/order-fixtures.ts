import { UNDO_SECONDS } from '#contract/fulfilment.ts';
import type { TestContext } from '../../test/app.ts';
import { createProduct, type TestProduct } from '../../test/factories.ts';
import type { TestUser } from '../../test/users.ts';
import { dueTransferIds, sendPayouts } from '../payments/index.ts';

export { createOrder as insertOrder, createReview as insertReview, type TestProduct } from '../../test/factories.ts';

/** Test data: products and paid orders inserted directly, so figures can be checked against known sums. */

/**
 * The vendor moves its lines of an order on (PATCH /api/vendor/orders/:orderId). A last step's payout is held back
 * while the step may be undone (decision 059): the payouts job's round after that time then sends it, as in production.
 */
export async function moveOrder(t: TestContext, vendor: TestUser, orderId: string, status: string) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/vendor/orders/${orderId}`,
    headers: vendor.auth,
    payload: { status },
  });
  if (response.statusCode === 200 && status === 'delivered') await sendHeldPayouts(t);
  return response;
}

/** The payouts job's round once the undo time has passed: every transfer held back is sent. */
export async function sendHeldPayouts(t: TestContext) {
  const later = new Date(Date.now() + UNDO_SECONDS * 1000 + 1000);
  const transferIds = await dueTransferIds(t.db, 1000, later);
  await sendPayouts(t.db, t.app.payments.active, { transferIds }, { now: () => later });
}

/** A product for the order tests: 20 in stock, and the vendor with it, as createOrder sells it. */
export async function insertProduct(
  t: TestContext,
  vendor: TestUser,
  { name, priceCents, stock = 20 }: { name: string; priceCents: number; stock?: number },
): Promise<TestProduct> {
  const row = await createProduct(t, vendor, {
    name,
    priceCents,
    stock,
    imageUrl: '/uploads/test.webp',
    details: `${name} from the test farm`,
    manufacturedOn: '2026-01-01',
  });
  return { id: row.id, name, priceCents, vendor };
}

export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

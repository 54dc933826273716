import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';
import { addToCart, checkoutDetails, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { processRefund, requestRefund } from './refunds.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { paymentIntents } from './tables.ts';

const t = setupTestApp();
let sandbox: ReturnType<typeof createSandboxProvider>;
beforeAll(() => {
  sandbox = createSandboxProvider(t.db);
});

/** A pino log that keeps its lines. */
function keptLog() {
  const lines: { level: number; msg: string; [field: string]: unknown }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** A pending refund of $1 on a paid sandbox payment of $14 (not made with the provider yet). */
async function pendingRefund(key: string) {
  const vendor = await createUser(t, { role: 'vendor' });
  const product = await createProduct(t, vendor, { priceCents: 700, stock: 3 });
  const buyer = await createUser(t);
  await addToCart(t, buyer, product.id, 2);
  const { intent, paid } = await payCart(t, buyer, { details: checkoutDetails });
  expect(paid.statusCode).toBe(200);
  const [payment] = await t.db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(eq(paymentIntents.providerIntentId, intent.paymentIntentId));
  return t.db.transaction((tx) =>
    requestRefund(tx, { paymentIntentId: payment.id, amountCents: 100, reason: 'cannot_fulfil', idempotencyKey: key }),
  );
}

describe('attemptAtProvider: the one way a money row is made with the provider (decision 043)', () => {
  it('backs a refused refund off 5 s, 10 s, 20 s … and fails it for a person after the 8th attempt', async () => {
    const refund = await pendingRefund('attempts:refused');
    let calls = 0;
    const refusing = {
      ...sandbox,
      async refund(): Promise<never> {
        calls += 1;
        throw new Error('Provider unavailable');
      },
    };
    const { log, lines } = keptLog();
    let at = Date.now();
    const now = () => new Date(at);
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      const after = await processRefund(t.db, refusing, refund.id, { log, now });
      expect(after).toMatchObject({ status: 'pending', attempts: attempt, lastError: 'Provider unavailable' });
      expect(after?.nextAttemptAt.getTime()).toBe(at + 5_000 * 2 ** (attempt - 1));
      // Not due yet: left as it is, the provider not asked.
      expect(await processRefund(t.db, refusing, refund.id, { log, now })).toMatchObject({ attempts: attempt });
      expect(calls).toBe(attempt);
      at = after?.nextAttemptAt.getTime() ?? at;
    }
    const failed = await processRefund(t.db, refusing, refund.id, { log, now });
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, lastError: 'Provider unavailable' });
    // Failed is final: the retry job never asks again.
    at += 24 * 60 * 60_000;
    expect(await processRefund(t.db, refusing, refund.id, { log, now })).toMatchObject({ status: 'failed' });
    expect(calls).toBe(8);

    expect(lines.filter((line) => line.msg === 'Refund failed, will retry')).toHaveLength(7);
    expect(lines[0]).toMatchObject({ level: 40, refundId: refund.id, attempts: 1, lastError: 'Provider unavailable' });
    expect(lines.at(-1)).toMatchObject({
      level: 50,
      msg: 'Refund failed for good: a person must give this money back',
      refundId: refund.id,
      paymentIntentId: refund.paymentIntentId,
      attempts: 8,
    });
  });

  it('leaves a row another process has claimed alone while the provider answers, and makes it once', async () => {
    const refund = await pendingRefund('attempts:claimed');
    let calls = 0;
    let answer = () => {};
    const slow = {
      ...sandbox,
      async refund(...args: Parameters<typeof sandbox.refund>) {
        calls += 1;
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return sandbox.refund(...args);
      },
    };
    const first = processRefund(t.db, slow, refund.id);
    await expect.poll(() => calls, { timeout: 5_000 }).toBe(1);
    // Claimed for 30 s: a second process (or the job) finds it not due.
    expect(await processRefund(t.db, slow, refund.id)).toMatchObject({ status: 'pending', attempts: 0 });
    answer();
    expect(await first).toMatchObject({ status: 'succeeded', attempts: 1, lastError: null });
    expect(await processRefund(t.db, slow, refund.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(calls).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { openSlot, shopWith } from '../modules/checkout/fulfilment-fixtures.ts';
import { setupTestApp, type TestContext } from '../test/app.ts';

const statusAt = async (t: TestContext, shopId: string, slotId: string, at: string) => {
  const response = await t.app.inject({ url: `/api/shops/${shopId}/slots`, headers: { 'x-test-clock': at } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().slots as { id: string; status: string }[]).find((s) => s.id === slotId)?.status;
};

describe('x-test-clock with TEST_CLOCK_HEADER=true (browser journeys)', () => {
  const t = setupTestApp({ TEST_CLOCK_HEADER: 'true' });

  it('serves that request as if it were then: a slot whose ordering has closed by that time is closed', async () => {
    const vendor = await shopWith(t);
    const slot = await openSlot(t, vendor.id);
    const afterClosing = new Date(new Date(slot.closesAt).getTime() + 60_000).toISOString();
    expect(await statusAt(t, vendor.id, slot.id, afterClosing)).toBe('closed');
    // The next request without the header is served now again.
    expect(await statusAt(t, vendor.id, slot.id, new Date().toISOString())).toBe('open');
  });

  it('answers 400 for a time it cannot read', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { 'x-test-clock': 'next tuesday' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('x-test-clock must be an ISO time');
  });
});

describe('x-test-clock without TEST_CLOCK_HEADER (every real deployment)', () => {
  const t = setupTestApp();

  it('is ignored', async () => {
    const vendor = await shopWith(t);
    const slot = await openSlot(t, vendor.id);
    const afterClosing = new Date(new Date(slot.closesAt).getTime() + 60_000).toISOString();
    expect(await statusAt(t, vendor.id, slot.id, afterClosing)).toBe('open');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { madeBeforeAll } from '../../test/app.ts';
import { startStripeStandIn } from '../../test/stripe-stand-in.ts';
import { createStripeProvider } from './stripe-provider.ts';

const standIn = madeBeforeAll(startStripeStandIn);
afterAll(() => standIn.close());

describe('Stripe’s lists of what it did since a time (against the stand-in)', () => {
  it('reads every page (100 a page), oldest first, and nothing from before the time', async () => {
    const stripe = createStripeProvider({
      secretKey: standIn.secretKey,
      publishableKey: 'pk_test_farmstall',
      webhookSecret: '',
      apiBase: standIn.url,
    });
    const made = [];
    for (let i = 0; i < 103; i += 1) {
      made.push(
        await stripe.createIntent({ amountCents: 100 + i, description: 'Checkout', metadata: { n: String(i) } }),
      );
    }
    standIn.confirm(made[0].id, 'pm_card_visa');
    await stripe.refund(made[0].id, { amountCents: 40, idempotencyKey: 'k1', metadata: { refundKey: 'k1' } });

    const listed = await stripe.listActivity(new Date(Date.now() - 60_000));
    expect(listed.payments.map((p) => p.amountCents)).toEqual(made.map((_, i) => 100 + i));
    expect(listed.payments[0]).toMatchObject({ status: 'succeeded', metadata: { n: '0' }, captureMethod: 'automatic' });
    expect(listed.refunds).toEqual([
      expect.objectContaining({ paymentIntentId: made[0].id, amountCents: 40, metadata: { refundKey: 'k1' } }),
    ]);
    expect(await stripe.listActivity(new Date(Date.now() + 2_000))).toEqual({
      payments: [],
      refunds: [],
      transfers: [],
    });
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { madeBeforeAll, setupTestApp } from '../../test/app.ts';
import { startStripeStandIn } from '../../test/stripe-stand-in.ts';
import type { OffSessionChargeInput, PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/**
 * Saving a card for later (SetupIntents) and charging it without the shopper (off-session), as the subscriptions
 * use them: with Stripe (the SDK against the local stand-in) and with the sandbox, the same test cards alike.
 */
const standIn = madeBeforeAll(startStripeStandIn);
afterAll(() => standIn.close());
const t = setupTestApp();
const ON = new Date('2026-12-01T12:00:00Z');

/** One provider's saving and confirming, told in test cards' names. */
type Side = {
  provider: () => PaymentProvider;
  /** Gives the card named to the SetupIntent, as the browser does; its refusal is answered, not thrown. */
  give: (id: string, secret: string, card: Card) => Promise<void>;
  authenticate: (id: string, secret: string, approve: boolean) => Promise<void>;
};
type Card = 'good' | 'authenticateToSave' | 'authenticateEveryCharge' | 'declineEveryCharge' | 'declined' | 'expired';

const STRIPE_METHODS: Record<Card, string> = {
  good: 'pm_card_visa',
  authenticateToSave: 'pm_card_authenticationRequiredOnSetup',
  authenticateEveryCharge: 'pm_card_authenticationRequired',
  declineEveryCharge: 'pm_card_chargeCustomerFail',
  declined: 'pm_card_chargeDeclined',
  expired: 'pm_card_expired',
};
const SANDBOX_CARDS: Record<Card, { cardNumber: string; expiry: string }> = {
  good: { cardNumber: '4242424242424242', expiry: '12/99' },
  authenticateToSave: { cardNumber: '4000002500003155', expiry: '12/99' },
  authenticateEveryCharge: { cardNumber: '4000002760003184', expiry: '12/99' },
  declineEveryCharge: { cardNumber: '4000000000000341', expiry: '12/99' },
  declined: { cardNumber: '4000000000000002', expiry: '12/99' },
  // Saved while it was good: the sandbox's clock says it has expired by the charge.
  expired: { cardNumber: '4242424242424242', expiry: '11/26' },
};

const sandbox = () => createSandboxProvider(t.db, undefined, () => ON);
const SIDES: Record<'Stripe' | 'sandbox', Side> = {
  Stripe: {
    provider: () =>
      createStripeProvider({
        secretKey: standIn.secretKey,
        publishableKey: 'pk_test_farmstall',
        webhookSecret: 'whsec_x',
        apiBase: standIn.url,
      }),
    give: async (id, _secret, card) => {
      standIn.confirmSetup(id, STRIPE_METHODS[card]);
    },
    authenticate: async (id, _secret, approve) => {
      standIn.authenticateSetup(id, approve);
    },
  },
  sandbox: {
    provider: sandbox,
    give: async (id, secret, card) => {
      const { cardNumber, expiry } = SANDBOX_CARDS[card];
      // The sandbox's card form checks the expiry as the shopper types it, so an expired card is saved before it is.
      await sandbox()
        .confirmSetup(id, secret, { cardNumber, expiry })
        .catch(() => undefined);
    },
    authenticate: async (id, secret, approve) => {
      await sandbox()
        .authenticateSetup(id, secret, approve)
        .catch(() => undefined);
    },
  },
};

const charge = (
  customerId: string,
  paymentMethodId: string,
  overrides: Partial<OffSessionChargeInput> = {},
): OffSessionChargeInput => ({
  customerId,
  paymentMethodId,
  amountCents: 3200,
  captureMethod: 'manual',
  description: 'Weekly box, Dec 3',
  metadata: { purpose: 'subscription' },
  idempotencyKey: `delivery:${Math.random()}`,
  ...overrides,
});

for (const [name, side] of Object.entries(SIDES)) {
  describe(`saving a card and charging it later (${name})`, () => {
    async function saved(card: Card) {
      const provider = side.provider();
      const setup = await provider.createSetupIntent({ email: 'ann@example.com', metadata: { userId: 'u1' } });
      await side.give(setup.id, setup.clientSecret, card);
      return { provider, setup, state: await provider.retrieveSetupIntent(setup.id) };
    }

    it('saves a good card for off-session use and charges it, once per idempotency key', async () => {
      const { provider, setup, state } = await saved('good');
      expect(setup).toMatchObject({ status: 'requires_payment_method', customerId: expect.any(String) });
      expect(setup.clientSecret).toContain(setup.id);
      expect(state).toMatchObject({
        status: 'succeeded',
        paymentMethodId: expect.any(String),
        card: { brand: 'visa', last4: '4242', expYear: expect.any(Number) },
        lastError: null,
      });
      const input = charge(setup.customerId, state?.paymentMethodId ?? '');
      const first = await provider.chargeOffSession(input);
      expect(first).toMatchObject({ ok: true, intent: { status: 'requires_capture', amountCents: 3200 } });
      const again = await provider.chargeOffSession(input);
      expect(again.ok && first.ok && again.intent.id).toBe(first.ok && first.intent.id);
      const captured =
        first.ok && (await provider.capture(first.intent.id, { amountCents: 3000, idempotencyKey: 'c1' }));
      expect(captured).toMatchObject({ status: 'succeeded' });
      const paidNow = await provider.chargeOffSession(
        charge(setup.customerId, state?.paymentMethodId ?? '', { captureMethod: 'automatic' }),
      );
      expect(paidNow).toMatchObject({ ok: true, intent: { status: 'succeeded', cardLast4: '4242' } });
    });

    it('asks for authentication before saving a card that needs it, and saves it once completed', async () => {
      const { provider, setup, state } = await saved('authenticateToSave');
      expect(state).toMatchObject({ status: 'requires_action' });
      await side.authenticate(setup.id, setup.clientSecret, true);
      expect(await provider.retrieveSetupIntent(setup.id)).toMatchObject({
        status: 'succeeded',
        card: { last4: '3155' },
      });
    });

    it('saves nothing when the authentication fails, and says why', async () => {
      const { provider, setup } = await saved('authenticateToSave');
      await side.authenticate(setup.id, setup.clientSecret, false);
      expect(await provider.retrieveSetupIntent(setup.id)).toMatchObject({
        status: 'requires_payment_method',
        paymentMethodId: null,
        lastError: expect.stringContaining('unable to authenticate'),
      });
    });

    it('refuses a declined card with its reason', async () => {
      const { state } = await saved('declined');
      expect(state).toMatchObject({ status: 'requires_payment_method', lastError: 'Your card was declined.' });
    });

    it.each([
      ['authenticateEveryCharge', 'authentication_required', 'requires authentication'],
      ['declineEveryCharge', 'card_declined', 'Your card was declined.'],
      ['expired', 'expired_card', 'Your card has expired.'],
    ] as const)('answers a saved card (%s) that cannot be charged off-session with %s', async (card, code, message) => {
      const { provider, setup, state } = await saved(card);
      expect(state?.status).toBe('succeeded');
      const failed = await provider.chargeOffSession(charge(setup.customerId, state?.paymentMethodId ?? ''));
      expect(failed).toEqual({
        ok: false,
        code,
        message: expect.stringContaining(message),
        intentId: expect.any(String),
      });
      if (!failed.ok && failed.intentId) {
        expect(await provider.retrieveIntent(failed.intentId)).toMatchObject({ status: 'requires_payment_method' });
      }
    });
  });
}

describe('Stripe is asked as its API says', () => {
  it('makes a customer with the e-mail and a SetupIntent for off-session use, and charges off-session', async () => {
    const provider = SIDES.Stripe.provider();
    const setup = await provider.createSetupIntent({ email: 'bo@example.com', metadata: { userId: 'u2' } });
    expect(standIn.customers.get(setup.customerId)).toMatchObject({ email: 'bo@example.com' });
    expect(standIn.setupIntents.get(setup.id)).toMatchObject({ usage: 'off_session', metadata: { userId: 'u2' } });
    const reused = await provider.createSetupIntent({
      customerId: setup.customerId,
      email: 'bo@example.com',
      metadata: {},
    });
    expect(reused.customerId).toBe(setup.customerId);
  });
});

import { call } from '../api/client.ts';

/** A card being saved for later charges: the SetupIntent the browser confirms. */
export type CardSetupIntent = { setupIntentId: string; clientSecret: string };

/** The sandbox's version of Stripe's confirmCardSetup: 'succeeded', or 'requires_action' (to authenticate). */
export const confirmSandboxSetup = (
  setup: CardSetupIntent,
  card: { cardNumber: string; expiry: string; cvc: string },
) => call('POST /payments/sandbox/confirm-setup', { body: { ...setup, ...card } });

/** The sandbox bank's authentication page: completed or failed. */
export const authenticateSandboxSetup = (setup: CardSetupIntent, approve: boolean) =>
  call('POST /payments/sandbox/authenticate-setup', { body: { ...setup, approve } });

import { AppError } from '../../errors.ts';
import type { PaymentProvider } from '../payments/index.ts';

/** The provider's off-session charge; a saved card it no longer knows is a refusal like a decline. */
export async function offSession(provider: PaymentProvider, input: Parameters<PaymentProvider['chargeOffSession']>[0]) {
  try {
    return await provider.chargeOffSession(input);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, code: 'card_declined', message: 'Your saved card can no longer be charged.' } as const;
  }
}

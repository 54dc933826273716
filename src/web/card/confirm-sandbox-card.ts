import type { SandboxConfirmInput } from '#contract/payments.ts';
import { call } from '../api/client.ts';

/** The sandbox's version of Stripe's confirmCardPayment. */
export function confirmSandboxCard(input: SandboxConfirmInput) {
  return call('POST /payments/sandbox/confirm', { body: input });
}

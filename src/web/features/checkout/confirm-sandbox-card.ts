import type { SandboxConfirmInput } from '#contract/payments.ts';
import { api } from '../../api/client.ts';

/** The sandbox's version of Stripe's confirmCardPayment. */
export function confirmSandboxCard(input: SandboxConfirmInput) {
  return api<{ id: string; status: string }>('/payments/sandbox/confirm', { method: 'POST', body: input });
}

import type { PasswordResetInput } from '#contract/auth.ts';
import { call } from '../../api/client.ts';

/** Asks for a link to set a new password; the answer is the same whether or not an account uses the e-mail. */
export function askPasswordReset(email: string) {
  return call('POST /auth/password-reset', { body: { email } });
}

/** Sets a new password with the e-mailed link's token. */
export function resetPassword(input: PasswordResetInput) {
  return call('POST /auth/password-reset/confirm', { body: input });
}

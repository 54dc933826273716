import { EMAIL_UNVERIFIED } from '#contract/auth-codes.ts';
import { ApiError, call, errorMessage } from '../api/client.ts';
import { toast } from '../ui/toast.ts';

/** E-mails the signed-in caller a new link verifying the account's address (decision 048). */
export function resendVerification() {
  return call('POST /auth/email-verification');
}

/** Sends the link again and says so in a toast (or why not). */
export async function resendWithToast(): Promise<void> {
  try {
    toast.success((await resendVerification()).message);
  } catch (error) {
    toast.error(errorMessage(error));
  }
}

/** Spends an e-mailed link's token: verifies the address, or moves the account to the new one asked for. */
export function confirmEmailLink(token: string) {
  return call('POST /auth/email-verification/confirm', { body: { token } });
}

/** The refusal of a step that needs a verified e-mail (a shop, payouts, a review). */
export const isEmailUnverified = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === EMAIL_UNVERIFIED;

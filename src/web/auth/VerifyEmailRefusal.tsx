import { type ReactNode, useState } from 'react';
import { isEmailUnverified, resendWithToast } from './email-verification.ts';

/**
 * A step refused until the e-mail is verified: the server's sentence, and "Send the link again" (the pages of
 * shop registration, payouts and reviews show it where their other refusals go).
 */
export function VerifyEmailRefusal({ message }: { message: string }) {
  const [sending, setSending] = useState(false);
  return (
    <div role="alert" className="alert alert-warning alert-soft mt-4 flex flex-wrap items-center gap-2">
      <span className="flex-1">{message}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={sending}
        onClick={async () => {
          setSending(true);
          await resendWithToast();
          setSending(false);
        }}
      >
        Send the link again
      </button>
    </div>
  );
}

/**
 * For a form whose step needs a verified e-mail: `caught(error)` keeps an EMAIL_UNVERIFIED refusal (true) so
 * `refusal` shows it with its action; other errors are the form's to show (false).
 */
export function useEmailRefusal(): { refusal: ReactNode; caught: (error: unknown) => boolean } {
  const [message, setMessage] = useState<string | null>(null);
  return {
    refusal: message ? <VerifyEmailRefusal message={message} /> : null,
    caught: (error) => {
      if (!isEmailUnverified(error)) return false;
      setMessage(error.message);
      return true;
    },
  };
}

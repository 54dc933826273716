import { useState } from 'react';
import { useAuth } from '../auth/AuthProvider.tsx';
import { resendWithToast } from '../auth/email-verification.ts';

/** Above every page while the signed-in account's e-mail is not verified (decision 048), with "Resend". */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const [sending, setSending] = useState(false);
  if (!user || user.emailVerified) return null;
  return (
    <section
      aria-label="E-mail verification"
      className="bg-warning/15 text-base-content flex flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-sm"
    >
      <p>
        Please verify your e-mail address <strong className="break-all">{user.email}</strong>: open the link we sent
        you.
      </p>
      <button
        type="button"
        className="btn btn-xs btn-outline"
        disabled={sending}
        onClick={async () => {
          setSending(true);
          await resendWithToast();
          setSending(false);
        }}
      >
        Resend
      </button>
    </section>
  );
}

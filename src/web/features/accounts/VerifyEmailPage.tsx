import mail from '@lobehub/fluent-emoji-3d/assets/1f4e7.webp';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { confirmEmailLink } from '../../auth/email-verification.ts';
import { paths } from '../../paths.ts';
import { FormError } from '../../ui/FormError.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AuthShell } from './AuthShell.tsx';

/**
 * /verifyEmail?token=…: the e-mailed link (after sign-up, or to a new address) opens this page, which spends the token
 * by a POST when the button is pressed (opening the link, as a mail scanner does, changes nothing; decision 048).
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, refresh, signOut } = useAuth();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await confirmEmailLink(token);
      setDone(message);
      // The banner goes; a change of address signed every device out, this one too.
      if (user) await refresh().catch(() => signOut());
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      title="Verify your e-mail"
      intro="One press proves this address is yours."
      picture={mail}
      meta={{ description: 'Verify your Farmstall e-mail address.', canonical: '/verifyEmail' }}
    >
      {done ? (
        <>
          <p role="status" className="alert alert-success alert-soft mt-4">
            {done}
          </p>
          <p className="mt-6 text-center">
            <Link to={user ? paths.home : paths.login} className="link link-primary font-semibold">
              {user ? 'Go shopping' : 'Sign in'}
            </Link>
          </p>
        </>
      ) : token ? (
        <form onSubmit={verify} className="mt-4">
          <FormError message={failure} />
          <SubmitButton busy={busy} className="mt-4 w-full">
            Verify my e-mail
          </SubmitButton>
        </form>
      ) : (
        <p className="alert alert-warning mt-4" role="alert">
          This page opens from the link in the e-mail we send. Signed in, you can have it sent again from the banner at
          the top.
        </p>
      )}
    </AuthShell>
  );
}

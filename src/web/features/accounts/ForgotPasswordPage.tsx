import { zodResolver } from '@hookform/resolvers/zod';
import key from '@lobehub/fluent-emoji-3d/assets/1f511.webp';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { passwordResetRequest } from '#contract/auth.ts';
import { errorMessage } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { FormError } from '../../ui/FormError.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { AuthShell } from './AuthShell.tsx';
import { askPasswordReset } from './password-reset.ts';

/** /forgotPassword: the e-mail to send a link to set a new password to; one answer whether or not it has an account. */
export function ForgotPasswordPage() {
  const form = useForm<z.infer<typeof passwordResetRequest>>({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { email: '' },
  });
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const field = wireFields('forgot', form);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      setSent((await askPasswordReset(email)).message);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <AuthShell
      title="Forgot your password?"
      intro="Give the e-mail you sign in with: we send it a link to set a new password."
      picture={key}
      meta={{ description: 'Set a new Farmstall password.', canonical: '/forgotPassword' }}
    >
      <form onSubmit={onSubmit} noValidate className="mt-4">
        <TextField label="Email" field={field('email')} type="email" autoComplete="email" />
        <FormError message={failure} />
        <SubmitButton busy={form.formState.isSubmitting} disabled={form.formState.isSubmitting} className="mt-4 w-full">
          Send me a link
        </SubmitButton>
      </form>
      <p className="mt-4 rounded-box bg-base-200 p-3 text-sm empty:hidden" role="status">
        {sent}
      </p>
      <p className="mt-6 text-center">
        <Link to={paths.login} className="link link-primary font-semibold">
          Back to sign in
        </Link>
      </p>
    </AuthShell>
  );
}

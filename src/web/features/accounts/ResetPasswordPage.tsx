import { zodResolver } from '@hookform/resolvers/zod';
import key from '@lobehub/fluent-emoji-3d/assets/1f511.webp';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordField } from '#contract/auth.ts';
import { errorMessage } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { FormError } from '../../ui/FormError.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { AuthShell } from './AuthShell.tsx';
import { resetPassword } from './password-reset.ts';

const newPasswordForm = z
  .object({ password: passwordField, repeat: z.string() })
  .refine((values) => values.password === values.repeat, {
    path: ['repeat'],
    message: 'The two passwords are not the same',
  });
type NewPasswordForm = z.infer<typeof newPasswordForm>;

/**
 * /resetPassword?token=…: the e-mailed link opens this page, which sets the new password by a POST when the form is
 * sent (opening the link, as a mail scanner does, changes nothing).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', repeat: '' },
  });
  const field = wireFields('reset', form);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const { message } = await resetPassword({ token, password });
      toast.success(message);
      navigate(paths.login, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <AuthShell
      title="Set a new password"
      intro="Choose the password you will sign in with from now on."
      picture={key}
      meta={{ description: 'Set a new Farmstall password.', canonical: '/resetPassword' }}
    >
      {token ? (
        <form onSubmit={onSubmit} noValidate className="mt-4">
          <TextField label="New password" field={field('password')} type="password" autoComplete="new-password" />
          <TextField label="New password again" field={field('repeat')} type="password" autoComplete="new-password" />
          <FormError message={failure} />
          <SubmitButton
            busy={form.formState.isSubmitting}
            disabled={form.formState.isSubmitting}
            className="mt-4 w-full"
          >
            Set my new password
          </SubmitButton>
        </form>
      ) : (
        <p className="alert alert-warning mt-4" role="alert">
          This page opens from the link in the e-mail we send. Ask for a new link if yours is lost.
        </p>
      )}
      <p className="mt-6 text-center">
        <Link to={paths.forgotPassword} className="link link-primary font-semibold">
          Ask for a new link
        </Link>
      </p>
    </AuthShell>
  );
}

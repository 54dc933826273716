import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type EmailChange, emailChange } from '#contract/auth.ts';
import { call, errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { ProfileForm, ProfileSection } from './ProfileSection.tsx';

/**
 * The profile's "E-mail address": the new address and the password; the address changes only when the link sent to
 * it is opened, and the old one is told (decision 048).
 */
export function ChangeEmail() {
  const { user } = useAuth();
  const form = useForm<EmailChange>({ resolver: zodResolver(emailChange), defaultValues: { email: '', password: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const field = wireFields('email-change', form);
  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    setSent(null);
    try {
      setSent((await call('PUT /users/me/email', { body })).message);
      form.reset();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <ProfileSection id="email-title" title="E-mail address">
      <p className="mt-1 text-base-content/80">
        You sign in with <strong className="break-all">{user?.email}</strong>
        {user?.emailVerified ? ' (verified).' : ' (not verified yet).'}
      </p>
      <ProfileForm
        onSubmit={onSubmit}
        failure={failure}
        busy={form.formState.isSubmitting}
        submit="Change e-mail"
        status={
          sent ? (
            <p role="status" className="alert alert-success alert-soft mt-4">
              {sent}
            </p>
          ) : null
        }
      >
        <TextField label="New e-mail address" field={field('email')} type="email" autoComplete="email" />
        <TextField
          label="Your password"
          field={field('password')}
          type="password"
          autoComplete="current-password"
          hint="To be sure it is you asking."
        />
      </ProfileForm>
    </ProfileSection>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { passwordChange } from '#contract/auth.ts';
import { type ProfileDetails, profileDetails } from '#contract/users.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { DETAILS_KEY, saveDetails, useDetails } from '../../auth/profile-details.ts';
import { paths } from '../../paths.ts';
import { confirmAndRun } from '../../ui/confirm.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { ChangeEmail } from './ChangeEmail.tsx';
import { deviceName } from './device-name.ts';
import { EmailChoices } from './EmailChoices.tsx';
import { LeaveAccount } from './LeaveAccount.tsx';
import { PhotoSection } from './PhotoSection.tsx';
import { ProfileForm, ProfileSection } from './ProfileSection.tsx';
import { changePassword, endAllSessions, useEndSession, useSessions } from './sessions.ts';

const passwordForm = passwordChange
  .extend({ repeat: z.string() })
  .refine((values) => values.password === values.repeat, {
    path: ['repeat'],
    message: 'The two passwords are not the same',
  });
type PasswordForm = z.infer<typeof passwordForm>;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Details = { name: string; phone: string | null; address: string | null; postcode: string | null };
const formValues = (details: Details) => ({
  name: details.name,
  phone: details.phone ?? '',
  address: details.address ?? '',
  postcode: details.postcode ?? '',
});

/** The name and phone, as shops and receipts show them, and the default delivery address; checkout starts from them. */
function DetailsForm({ details }: { details: Details }) {
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const form = useForm<ProfileDetails>({ resolver: zodResolver(profileDetails), defaultValues: formValues(details) });
  const [failure, setFailure] = useState<string | null>(null);
  const field = wireFields('details', form);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await saveDetails(values);
      queryClient.setQueryData(DETAILS_KEY, saved);
      form.reset(formValues(saved));
      await refresh();
      toast.success('Your details are saved');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <ProfileForm onSubmit={onSubmit} failure={failure} busy={form.formState.isSubmitting} submit="Save details">
      <TextField label="Name" field={field('name')} autoComplete="name" />
      <TextField
        label="Phone (optional)"
        field={field('phone')}
        type="tel"
        autoComplete="tel"
        hint="Checkout offers it, so a shop can reach you about an order."
      />
      <TextField
        label="Default delivery address (optional)"
        field={field('address')}
        autoComplete="street-address"
        hint="Checkout starts from it when a shop delivers to you."
      />
      <TextField label="ZIP code" field={field('postcode')} autoComplete="postal-code" />
    </ProfileForm>
  );
}

function DetailsSection() {
  const details = useDetails();
  return (
    <ProfileSection id="details-title" title="Your details">
      {details.isPending ? (
        <PageLoader label="Loading your details" />
      ) : details.isError ? (
        <LoadError error={details.error} onRetry={() => details.refetch()} />
      ) : (
        <DetailsForm details={details.data} />
      )}
    </ProfileSection>
  );
}

/** Changing the password: the current one first; the other devices are signed out, this one stays in. */
function PasswordSection() {
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: '', password: '', repeat: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const field = wireFields('profile', form);
  const onSubmit = form.handleSubmit(async ({ currentPassword, password }) => {
    setFailure(null);
    try {
      await changePassword({ currentPassword, password });
      form.reset();
      toast.success('Your password is changed; your other devices are signed out');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <ProfileSection id="password-title" title="Password">
      <ProfileForm onSubmit={onSubmit} failure={failure} busy={form.formState.isSubmitting} submit="Change password">
        <TextField
          label="Current password"
          field={field('currentPassword')}
          type="password"
          autoComplete="current-password"
        />
        <TextField label="New password" field={field('password')} type="password" autoComplete="new-password" />
        <TextField label="New password again" field={field('repeat')} type="password" autoComplete="new-password" />
      </ProfileForm>
    </ProfileSection>
  );
}

/** Each signed-in device with its last use: sign one out, or every one. */
function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const everywhere = () =>
    confirmAndRun(
      {
        title: 'Sign out everywhere?',
        text: 'Every device signed in to your account is signed out, this one too.',
        confirmText: 'Yes, sign out everywhere',
        cancelText: 'Keep them',
        danger: true,
      },
      async () => {
        await endAllSessions();
        await signOut();
        navigate(paths.login);
      },
      'You are signed out everywhere',
    );
  return (
    <ProfileSection id="sessions-title" title="Sessions">
      {sessions.isPending ? (
        <PageLoader label="Loading your sessions" />
      ) : sessions.isError ? (
        <LoadError error={sessions.error} onRetry={() => sessions.refetch()} />
      ) : (
        <ul className="mt-2 divide-y divide-base-300" aria-label="Signed-in devices">
          {sessions.data.map((session) => (
            <li key={session._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block font-semibold break-words">
                  {deviceName(session.userAgent)}
                  {session.current ? ' (this device)' : ''}
                </span>
                <span className="block text-sm">Last used {when(session.lastUsedAt)}</span>
              </span>
              {session.current ? null : (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={end.isPending}
                  onClick={() => end.mutate(session._id, { onError: (error) => toast.error(errorMessage(error)) })}
                  aria-label={`Sign out ${deviceName(session.userAgent)}, last used ${when(session.lastUsedAt)}`}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-error btn-outline mt-3" onClick={everywhere}>
        Sign out everywhere
      </button>
    </ProfileSection>
  );
}

/** /dashboard/profile: the signed-in person's details, photo, password, devices and the e-mails they receive. */
export function ProfilePage() {
  const { user } = useAuth();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Profile</h1>
        <p className="mt-1">
          Signed in as <span className="font-semibold">{user?.email}</span>.
        </p>
      </div>
      <DetailsSection />
      <PhotoSection />
      <ChangeEmail />
      <PasswordSection />
      <SessionsSection />
      <EmailChoices />
      <LeaveAccount />
    </div>
  );
}

import type { FormEventHandler, ReactNode } from 'react';
import { FormError } from '../../ui/FormError.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

/** One part of the profile page: a bordered panel named by its heading (the region's name). */
export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-5">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A profile section's form: its fields, then why it could not be sent, any `status` (what sending did), and its
 * button, disabled with a spinner while it is sent.
 */
export function ProfileForm({
  onSubmit,
  failure,
  busy,
  submit,
  status = null,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | null;
  busy: boolean;
  /** The button's words. */
  submit: string;
  status?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="mt-2 max-w-md">
      {children}
      <FormError message={failure} />
      {status}
      <SubmitButton busy={busy} disabled={busy} className="mt-4">
        {submit}
      </SubmitButton>
    </form>
  );
}

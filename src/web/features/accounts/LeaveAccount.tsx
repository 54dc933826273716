import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, call, errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { FormError } from '../../ui/FormError.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { toast } from '../../ui/toast.ts';
import { ProfileSection } from './ProfileSection.tsx';

/** What deleting the account does, as docs/privacy.md says it. */
const WHAT_HAPPENS = [
  'You are signed out on every device, and this e-mail and password no longer sign in (the address can sign up again as a new account).',
  'Your name, e-mail, phone, addresses, photo, favourites, notifications, e-mail choices and cart are erased; card payments you never finished are cancelled.',
  'Your orders, payments and invoices stay for the shops’ and the marketplace’s tax records, with their amounts, dates and products but without your name, e-mail, phone or address; your reviews stay under “Former customer”.',
  'A vendor’s shop closes: its page and products leave the marketplace. It can close once no order of the shop is open and its balance is paid out.',
  'This cannot be undone. Download your data first if you want a copy.',
];

/** Saves the caller's export as a JSON file (the browser's download of a Blob made from the API's answer). */
async function downloadMyData(): Promise<void> {
  const data = await call('GET /users/me/data');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `farmstall-my-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The dialog that deletes the account: what happens, the password again (an account made with Google types its
 * e-mail instead); a refusal lists what remains (open orders, a balance).
 */
function DeleteDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [secret, setSecret] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [remains, setRemains] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setRemains([]);
    if (secret === '') {
      setFailure('Type your password (or, for an account made with Google, your e-mail) to confirm.');
      return;
    }
    setBusy(true);
    try {
      const { message } = await call('DELETE /users/me', { body: { password: secret, email: secret } });
      dialog.current?.close();
      await signOut().catch(() => undefined);
      toast.success(message);
      navigate(paths.login, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.fields) {
        setFailure('Your account cannot be deleted yet:');
        setRemains(Object.values(error.fields));
      } else {
        setFailure(errorMessage(error));
      }
      setBusy(false);
    }
  };

  return (
    <Modal
      id="leave-dialog"
      title="Delete your account?"
      lines={WHAT_HAPPENS}
      cancelText="Keep my account"
      onClose={onClose}
      onSubmit={onSubmit}
      dialog={dialog}
      actionsClassName="modal-action flex-wrap"
      confirm={
        <button type="submit" className="btn btn-error text-white" disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Delete my account
        </button>
      }
    >
      <FormField
        label="Your password"
        htmlFor="leave-secret"
        hint="Signed up with Google and never set a password? Type your e-mail address instead."
      >
        <input
          id="leave-secret"
          type="password"
          autoComplete="current-password"
          className="input w-full"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
      </FormField>
      <FormError message={failure} />
      {remains.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="What remains before the account can close">
          {remains.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}

/** The profile's "Your data": download everything the marketplace keeps about you, or delete the account. */
export function LeaveAccount() {
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <ProfileSection id="your-data-title" title="Your data">
      <p className="mt-1">
        Download a copy of what we keep about you (your profile, orders and payments, reviews, favourites and
        notifications; a shop's products and statements) as a JSON file, or delete your account.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline" onClick={download} disabled={downloading}>
          {downloading ? 'Preparing your data…' : 'Download my data'}
        </button>
        <button type="button" className="btn btn-error btn-outline" onClick={() => setDeleting(true)}>
          Delete my account
        </button>
      </div>
      {deleting ? <DeleteDialog onClose={() => setDeleting(false)} /> : null}
    </ProfileSection>
  );
}

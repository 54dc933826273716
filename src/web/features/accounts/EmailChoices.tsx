import { EMAIL_KIND_LABELS, EMAIL_KIND_ROLES, OPTIONAL_EMAIL_KINDS } from '#contract/notifications.ts';
import { errorMessage } from '../../api/client.ts';
import { useRole } from '../../auth/AuthProvider.tsx';
import { toast } from '../../ui/toast.ts';
import { useEmailPreferences, useSetEmailPreferences } from './email-preferences.ts';
import { ProfileSection } from './ProfileSection.tsx';

/** Which e-mails the user receives besides receipts and refunds, which are always sent. */
export function EmailChoices() {
  const preferences = useEmailPreferences();
  const save = useSetEmailPreferences();
  const { role } = useRole();
  const kinds = OPTIONAL_EMAIL_KINDS.filter((kind) => EMAIL_KIND_ROLES[kind] === role);
  return (
    <ProfileSection id="email-choices" title="E-mails I receive">
      <p className="mt-1 text-sm">Receipts and refunds are always e-mailed. You still see everything here.</p>
      {preferences.data ? (
        <fieldset className="mt-3 flex flex-col gap-2" disabled={save.isPending}>
          <legend className="sr-only">E-mails I receive</legend>
          {kinds.map((kind) => (
            <label key={kind} className="label cursor-pointer justify-start gap-3 whitespace-normal">
              <input
                type="checkbox"
                className="toggle toggle-primary toggle-sm"
                checked={preferences.data[kind]}
                onChange={(event) =>
                  save.mutate(
                    { [kind]: event.target.checked },
                    {
                      onSuccess: () => toast.success('Your e-mail choice is saved'),
                      onError: (error) => toast.error(errorMessage(error)),
                    },
                  )
                }
              />
              <span className="text-base-content">{EMAIL_KIND_LABELS[kind]}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="mt-3 text-sm">Loading your e-mail choices…</p>
      )}
    </ProfileSection>
  );
}

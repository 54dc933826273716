import { Link } from 'react-router';
import {
  EMAIL_KIND_LABELS,
  EMAIL_KIND_ROLES,
  type NotificationPage,
  OPTIONAL_EMAIL_KINDS,
} from '#contract/notifications.ts';
import { errorMessage } from '../../api/client.ts';
import { useRole } from '../../auth/AuthProvider.tsx';
import { LoadedPages } from '../../ui/Loaded.tsx';
import { TablePager } from '../../ui/TablePager.tsx';
import { toast } from '../../ui/toast.ts';
import { useEmailPreferences, useSetEmailPreferences } from './email-preferences.ts';
import { useMarkRead, useNotifications } from './get-notifications.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export function NotificationsPage() {
  return (
    <div className="max-w-3xl">
      <LoadedPages usePage={useNotifications} loading="Loading your notifications" view={Notifications} />
      <EmailChoices />
    </div>
  );
}

function Notifications({ data, onPage }: { data: NotificationPage; onPage: (page: number) => void }) {
  const markRead = useMarkRead();
  const mark = (which: { ids: string[] } | { all: true }) =>
    markRead.mutate(which, { onError: (error) => toast.error(errorMessage(error)) });
  return (
    <section aria-labelledby="notifications-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="notifications-title" className="text-3xl font-bold">
          Notifications
        </h1>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={data.unread === 0 || markRead.isPending}
          onClick={() => mark({ all: true })}
        >
          Mark all as read
        </button>
      </div>
      <p className="mt-2" aria-live="polite">
        {data.unread === 0 ? 'Nothing unread.' : `${data.unread} unread`}
      </p>
      {data.total === 0 ? (
        <p className="mt-6 rounded-box bg-base-200 p-6">
          No notifications yet. Your orders’ receipts and progress will show here.
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2">
          {data.items.map((n) => (
            <li
              key={n._id}
              className={`rounded-box border p-4 ${n.read ? 'border-base-300 bg-base-100' : 'border-primary bg-base-200'}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <Link to={n.link} className="link link-hover font-semibold">
                    {n.read ? null : <span className="sr-only">Unread: </span>}
                    {n.title}
                  </Link>
                  <p className="text-sm">{n.body}</p>
                  <p className="text-xs">{when(n.createdAt)}</p>
                </div>
                {n.read ? null : (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    disabled={markRead.isPending}
                    aria-label={`Mark “${n.title}” as read`}
                    onClick={() => mark({ ids: [n._id] })}
                  >
                    Mark as read
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <TablePager page={data.page} pages={data.pages} onPage={onPage} label="Notification pages" />
    </section>
  );
}

/** Which e-mails the user receives besides receipts and refunds, which are always sent. */
function EmailChoices() {
  const preferences = useEmailPreferences();
  const save = useSetEmailPreferences();
  const { role } = useRole();
  const kinds = OPTIONAL_EMAIL_KINDS.filter((kind) => EMAIL_KIND_ROLES[kind] === role);
  return (
    <section aria-labelledby="email-choices" className="mt-10">
      <h2 id="email-choices" className="text-xl font-bold">
        E-mails I receive
      </h2>
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
    </section>
  );
}

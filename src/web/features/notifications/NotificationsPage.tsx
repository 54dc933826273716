import { Link } from 'react-router';
import type { NotificationPage } from '#contract/notifications.ts';
import { errorMessage } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { LoadedPages } from '../../ui/Loaded.tsx';
import { TablePager } from '../../ui/TablePager.tsx';
import { toast } from '../../ui/toast.ts';
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
      <p className="mt-8 text-sm">
        Which of these also come by e-mail is yours to choose{' '}
        <Link to={`${paths.dashboard.profile}#email-choices`} className="link link-primary">
          on your profile
        </Link>
        .
      </p>
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

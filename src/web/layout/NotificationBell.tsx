import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { useUnreadCount } from './notification-count.ts';

/** The navbar bell: the signed-in user's unread notifications, leading to the notifications page. */
export function NotificationBell() {
  const unread = useUnreadCount();
  return (
    <Link
      to={paths.dashboard.notifications}
      className="btn btn-ghost btn-circle"
      aria-label={`Notifications, ${unread} unread`}
    >
      <span className="indicator">
        <Bell aria-hidden="true" />
        {unread > 0 ? (
          <span className="badge indicator-item badge-sm badge-secondary font-bold" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

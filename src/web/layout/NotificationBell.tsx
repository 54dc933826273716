import { Bell } from 'lucide-react';
import { paths } from '../paths.ts';
import { BadgeLink } from './BadgeLink.tsx';
import { useUnreadCount } from './notification-count.ts';

/** The navbar bell: the signed-in user's unread notifications, leading to the notifications page. */
export function NotificationBell() {
  const unread = useUnreadCount();
  return (
    <BadgeLink
      to={paths.dashboard.notifications}
      label={`Notifications, ${unread} unread`}
      icon={Bell}
      badge={unread > 0 ? (unread > 99 ? '99+' : unread) : null}
    />
  );
}

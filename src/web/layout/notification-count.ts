import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useAuth } from '../auth/AuthProvider.tsx';

/** Every query of the caller's notifications (the bell's count, the notifications page) is under this key. */
export const notificationsKey = ['notifications'] as const;

/**
 * How many of the signed-in user's notifications are unread (`GET /api/notifications`, one row asked for), looked at
 * again every 30 s and when the window gets the focus back. Zero when signed out and while it loads.
 */
export function useUnreadCount(): number {
  const { user, loading } = useAuth();
  const unread = useQuery({
    queryKey: [...notificationsKey, 'unread', user?.email],
    queryFn: () => call('GET /notifications', { query: { page: 1, limit: 1 } }),
    enabled: !loading && Boolean(user),
    refetchInterval: 30_000,
  });
  return unread.data?.unread ?? 0;
}

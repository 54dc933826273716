import { call } from '../../api/client.ts';
import { pageFetcher, stepQuery, useKeptQuery } from '../../api/kept-query.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { notificationsKey } from '../../layout/notification-count.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

const getNotifications = pageFetcher(NOTIFICATIONS_PAGE_SIZE, (query) => call('GET /notifications', { query }));
export const notificationsQuery = (page: number) => stepQuery([...notificationsKey, 'page'], page, getNotifications);
export const useNotifications = (page: number) => useKeptQuery(notificationsQuery(page));

/** Marks some notifications ({ids}) or all of them read; the page and the bell refresh. */
export function useMarkRead() {
  return useRefreshingMutation(
    (which: { ids: string[] } | { all: true }) => call('POST /notifications/read', { body: which }),
    [notificationsKey],
  );
}

import { pageQuery } from '../../api/query-client.ts';
import { notificationsQuery } from './get-notifications.ts';
import { outboxQuery } from './get-outbox.ts';

// The first queries of the notifications and outbox pages, for their route loaders (loaded on the first visit).
export const notifications = () => [pageQuery(notificationsQuery(1))];
export const outbox = () => [pageQuery(outboxQuery(1))];

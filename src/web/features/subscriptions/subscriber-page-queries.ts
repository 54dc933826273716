import { pageQuery } from '../../api/query-client.ts';
import { mySubscriptionsQuery } from './subscriber-queries.ts';

// The shopper's Subscriptions page's first query, for its route loader.
export const mySubscriptions = () => [pageQuery(mySubscriptionsQuery())];

import { type LoadAt, pageQuery } from '../../api/query-client.ts';
import { planQuery } from './plans.ts';

// A plan page's first query, for its route loader (loaded on the first visit, not with the app).
export const planPage = ({ params }: LoadAt) => [pageQuery(planQuery(params.id ?? ''))];

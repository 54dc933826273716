import { type LoadAt, pageQuery } from '../../api/query-client.ts';
import { planBoxesQuery, planQuery } from './plans.ts';

// A plan page's first queries, for its route loader (loaded on the first visit, not with the app): the plan and the
// coming boxes the farm set.
export const planPage = ({ params }: LoadAt) => [
  pageQuery(planQuery(params.id ?? '')),
  pageQuery(planBoxesQuery(params.id ?? '')),
];

import type { FastifyInstance } from 'fastify';
import { problemReportsApi } from '#contract/api/problem-reports.ts';
import { handle } from '../../route-table.ts';
import { reportProblem, reportsInState, reportsOfOrder, reportsOfShop, resolveInWords } from './problem-reports.ts';

/** Shoppers report a problem with a delivered part; its shop and the admins read it; an admin resolves it. */
export async function problemReportRoutes(app: FastifyInstance) {
  handle(app, problemReportsApi.report, async ({ params, body, user }) =>
    reportProblem(app.db, { orderId: params.id, shopId: params.shopId }, body, user, app.now()),
  );

  handle(app, problemReportsApi.ofOrder, async ({ params, user }) => reportsOfOrder(app.db, params.id, user));

  handle(app, problemReportsApi.ofShop, async ({ user }) => reportsOfShop(app.db, user.id));

  handle(app, problemReportsApi.desk, async ({ query }) => reportsInState(app.db, query.state));

  handle(app, problemReportsApi.resolve, async ({ params, body, user }) =>
    resolveInWords(app.db, params.reportId, body.resolution, user),
  );
}

import {
  problemListQuery,
  problemOrderParams,
  problemPartParams,
  problemReport,
  problemReportInput,
  problemReportParams,
  problemReports,
  problemResolutionInput,
} from '../problem-reports.ts';
import { route } from '../route-table.ts';

/** A shopper's problem with a delivered part: reported, seen by its shop and the admins, resolved at the order desk. */
export const problemReportsApi = {
  report: route({
    method: 'POST',
    path: '/orders/:id/shops/:shopId/problems',
    tag: 'orders',
    summary:
      "The order's shopper reports a problem with a shop's delivered or picked-up part (within 14 days): why, which lines, a photo and what happened; its shop and the admins are told. 409 while one is open for the part, or once the part is not delivered or the window has passed",
    access: { allow: 'signed-in', owner: { of: 'purchase', admin: false, otherwise: 404 } },
    params: problemPartParams,
    body: problemReportInput,
    status: 201,
    response: problemReport,
    errors: [404, 409],
  }),
  ofOrder: route({
    method: 'GET',
    path: '/orders/:id/problems',
    tag: 'orders',
    summary: "The problems reported with an order and each one's state, for its shopper or an admin",
    access: { allow: 'signed-in', owner: { of: 'purchase', admin: true, otherwise: 404 } },
    params: problemOrderParams,
    status: 200,
    response: problemReports,
    errors: [404],
  }),
  ofShop: route({
    method: 'GET',
    path: '/vendor/problems',
    tag: 'orders',
    summary: "The problems shoppers reported with the caller's shop's orders, open first, then the latest 50 resolved",
    access: { allow: ['vendor'] },
    status: 200,
    response: problemReports,
    errors: [],
  }),
  desk: route({
    method: 'GET',
    path: '/admin/problems',
    tag: 'orders',
    summary: 'The open problem reports (or the latest 100 resolved), newest first (admin)',
    access: { allow: ['admin'] },
    query: problemListQuery,
    status: 200,
    response: problemReports,
    errors: [],
  }),
  resolve: route({
    method: 'POST',
    path: '/admin/problems/:reportId/resolution',
    tag: 'orders',
    summary:
      'Resolve an open problem report saying what was done (admin); a refund at the order desk with the report resolves it itself',
    access: { allow: ['admin'] },
    params: problemReportParams,
    body: problemResolutionInput,
    status: 200,
    response: problemReport,
    errors: [404, 409],
  }),
};

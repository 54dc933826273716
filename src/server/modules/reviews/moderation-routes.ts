import type { FastifyInstance } from 'fastify';
import { reviewsApi } from '#contract/api/reviews.ts';
import { handle } from '../../route-table.ts';
import { listProductReviewsForVendor, listReportedReviews, moderateReview, reportReview } from './moderation.ts';

/** Vendors report reviews of their products; admins keep or remove what was reported. */
export async function moderationRoutes(app: FastifyInstance) {
  handle(app, reviewsApi.forVendor, async ({ params, query, user }) =>
    listProductReviewsForVendor(app.db, params.productId, user, query),
  );

  handle(app, reviewsApi.report, async ({ params, user }) => reportReview(app.db, params.id, user));

  handle(app, reviewsApi.reported, async ({ query }) => listReportedReviews(app.db, query));

  handle(app, reviewsApi.moderate, async ({ params, body }) => moderateReview(app.db, params.id, body));
}

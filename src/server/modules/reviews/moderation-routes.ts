import type { FastifyInstance } from 'fastify';
import { reviewsApi } from '#contract/api/reviews.ts';
import { handle } from '../../route-table.ts';
import { modified } from '../../spec-answers.ts';
import { listProductReviewsForVendor, listReportedReviews, moderateReview, reportReview } from './moderation.ts';

/** Vendors report reviews of their products; admins keep or remove what was reported. */
export async function moderationRoutes(app: FastifyInstance) {
  handle(app, reviewsApi.forVendor, async ({ params, query, user }) =>
    listProductReviewsForVendor(app.db, params.productId, user, query),
  );

  handle(app, reviewsApi.report, async ({ params, user }) => {
    const { changed, status } = await reportReview(app.db, params.id, user);
    return { ...modified(changed), status };
  });

  handle(app, reviewsApi.reported, async ({ query }) => listReportedReviews(app.db, query));

  handle(app, reviewsApi.moderate, async ({ params, body }) => {
    const { changed, status } = await moderateReview(app.db, params.id, body);
    return { ...modified(changed), status };
  });
}

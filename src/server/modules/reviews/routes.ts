import type { FastifyInstance } from 'fastify';
import { reviewsApi } from '#contract/api/reviews.ts';
import { handle } from '../../route-table.ts';
import { inserted } from '../../spec-answers.ts';
import { requireVerifiedEmail } from '../users/index.ts';
import { addReview, listReviews, myReview, reviewSummary } from './service.ts';

export async function reviewRoutes(app: FastifyInstance) {
  handle(app, reviewsApi.summary, async ({ params }) => reviewSummary(app.db, params.productId));

  handle(app, reviewsApi.list, async ({ params }) => listReviews(app.db, params.productId));

  handle(app, reviewsApi.mine, async ({ params, user }) => myReview(app.db, user, params.productId));

  handle(app, reviewsApi.add, async ({ body, user }, reply) => {
    requireVerifiedEmail(user);
    const { review, created } = await addReview(app.db, user, body);
    const answer = { acknowledged: true as const, ...inserted(review._id), review };
    return created ? answer : reply.code(200).send(answer);
  });
}

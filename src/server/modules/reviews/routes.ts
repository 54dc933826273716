import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myReview, productIdParam, reviewCreated, reviewInput, reviewList, reviewSummary } from '#contract/reviews.ts';
import { addReview, myReview as findMyReview, listReviews, reviewSummary as summarize } from './service.ts';

export async function reviewRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/comments/singleReview/:productId',
    {
      schema: {
        tags: ['reviews'],
        summary: "A product's rating summary: review count and average (floor of the mean)",
        params: productIdParam,
        response: { 200: reviewSummary },
      },
    },
    async (request) => summarize(app.db, request.params.productId),
  );

  api.get(
    '/comments/:productId',
    {
      schema: {
        tags: ['reviews'],
        summary: "A product's reviews with the commenter's name and photo, newest first",
        params: productIdParam,
        response: { 200: reviewList },
      },
    },
    async (request) => listReviews(app.db, request.params.productId),
  );

  api.get(
    '/comments/:productId/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: "Whether the caller may review the product (a delivered purchase), why not, and the caller's review",
        params: productIdParam,
        response: { 200: myReview },
      },
    },
    async (request) => findMyReview(app.db, request.user!, request.params.productId),
  );

  api.post(
    '/comments',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary:
          'Review a product delivered to the caller (rating 1-5 and text): 201 the first time, 200 when it edits ' +
          "the caller's review (one per buyer and product)",
        body: reviewInput,
        response: { 200: reviewCreated, 201: reviewCreated },
      },
    },
    async (request, reply) => {
      const { review, created } = await addReview(app.db, request.user!, request.body);
      return reply.status(created ? 201 : 200).send({ acknowledged: true, insertedId: review._id, review });
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { productIdParam, reviewCreated, reviewInput, reviewList, reviewSummary } from '#contract/reviews.ts';
import { addReview, listReviews, reviewSummary as summarize } from './service.ts';

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

  api.post(
    '/comments',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Review a product (signed in; rating 1-5 and text required)',
        body: reviewInput,
        response: { 201: reviewCreated },
      },
    },
    async (request, reply) => {
      const review = await addReview(app.db, request.user!, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId: review._id, review });
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  moderationDecision,
  moderationDone,
  reportedReviewPage,
  reviewReported,
  vendorReviewPage,
} from '#contract/moderation.ts';
import { pageQuery } from '#contract/pagination.ts';
import { listProductReviewsForVendor, listReportedReviews, moderateReview, reportReview } from './moderation.ts';

const productParams = z.object({ productId: z.uuid('Product id must be a UUID') });
const idParams = z.object({ id: z.uuid('Review id must be a UUID') });

/** Vendors report reviews of their products; admins keep or remove what was reported. */
export async function moderationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/comments/product/:productId/for-vendor',
    {
      onRequest: app.requireRole('vendor', 'admin'),
      schema: {
        tags: ['reviews'],
        summary: "A product's reviews for the vendor that sells it ('Total Reviews: N')",
        params: productParams,
        querystring: pageQuery,
        response: { 200: vendorReviewPage },
      },
    },
    async (request) => listProductReviewsForVendor(app.db, request.params.productId, request.user!, request.query),
  );

  api.post(
    '/comments/:id/report',
    {
      onRequest: app.requireRole('vendor'),
      schema: {
        tags: ['reviews'],
        summary: "Report a review of one of the vendor's products to the admins",
        params: idParams,
        response: { 200: reviewReported },
      },
    },
    async (request) => reportReview(app.db, request.params.id, request.user!),
  );

  api.get(
    '/moderation/reviews',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['reviews'],
        summary: 'Reported reviews waiting for a decision (admin)',
        querystring: pageQuery,
        response: { 200: reportedReviewPage },
      },
    },
    async (request) => listReportedReviews(app.db, request.query),
  );

  api.post(
    '/moderation/reviews/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['reviews'],
        summary: 'Keep a reported review (visible again) or remove it (out of the list and the average)',
        params: idParams,
        body: moderationDecision,
        response: { 200: moderationDone },
      },
    },
    async (request) => moderateReview(app.db, request.params.id, request.body),
  );
}

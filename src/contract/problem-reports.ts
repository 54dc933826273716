import { z } from 'zod';

/** A shopper's report of a problem with a delivered part of their order (issue 33, item 5; decision 063). */

/** What went wrong, as the shopper picks it; each is also a cause the order desk refunds for. */
export const PROBLEM_REASONS = ['missing', 'damaged', 'wrong_item', 'quality', 'other'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];
export const PROBLEM_REASON_LABELS: Record<ProblemReason, string> = {
  missing: 'Something is missing',
  damaged: 'Arrived damaged',
  wrong_item: 'Wrong item',
  quality: 'Poor quality',
  other: 'Something else',
};

/** How long after its pickup or delivery time a part can be reported. */
export const PROBLEM_REPORT_DAYS = 14;

export const PROBLEM_REPORT_STATES = ['open', 'resolved'] as const;
export type ProblemReportState = (typeof PROBLEM_REPORT_STATES)[number];

const photo = z
  .string()
  .trim()
  .max(500, 'Upload the photo again')
  // An upload of ours or an https address, as a product's picture.
  .regex(/^(\/uploads\/|https:\/\/)\S+$/, 'Upload the photo again');

/**
 * POST /orders/:id/shops/:shopId/problems: the shopper reports a problem with a shop's delivered part: why, the lines
 * it concerns (none: the whole part), a photo (optional) and what happened.
 */
export const problemReportInput = z.strictObject({
  reason: z.enum(PROBLEM_REASONS, { error: 'Choose what went wrong' }),
  lineIds: z
    .array(z.uuid('Choose lines of this order'))
    .max(100, 'Choose at most 100 lines')
    .default([])
    .transform((ids) => [...new Set(ids)]),
  photo: photo.nullable().default(null),
  text: z
    .string({ error: 'Tell us what happened' })
    .trim()
    .min(1, 'Tell us what happened')
    .max(2000, 'At most 2,000 characters'),
});
export type ProblemReportInput = z.input<typeof problemReportInput>;

export const problemPartParams = z.object({
  id: z.uuid('Order id must be a UUID'),
  shopId: z.uuid('Shop id must be a UUID'),
});
export const problemOrderParams = z.object({ id: z.uuid('Order id must be a UUID') });
export const problemReportParams = z.object({ reportId: z.uuid('Report id must be a UUID') });

/** A report as its shopper, its shop and the admins read it. */
export const problemReport = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  buyerName: z.string(),
  reason: z.enum(PROBLEM_REASONS),
  /** The lines it concerns; empty: the whole part. */
  lines: z.array(z.object({ _id: z.string(), itemName: z.string() })),
  photo: z.string().nullable(),
  text: z.string(),
  state: z.enum(PROBLEM_REPORT_STATES),
  /** What was done ('Refunded $4.00 for Carrots'), once resolved. */
  resolution: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type ProblemReport = z.infer<typeof problemReport>;
export const problemReports = z.array(problemReport);

/** GET /admin/problems: the open reports (the default) or the resolved ones, newest first. */
export const problemListQuery = z.object({
  state: z.enum(PROBLEM_REPORT_STATES, { error: 'Choose open or resolved' }).default('open'),
});

/** POST /admin/problems/:reportId/resolution: the admin resolves a report, saying what was done. */
export const problemResolutionInput = z.strictObject({
  resolution: z
    .string({ error: 'Say what was done' })
    .trim()
    .min(1, 'Say what was done')
    .max(500, 'At most 500 characters'),
});

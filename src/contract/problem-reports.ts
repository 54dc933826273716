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

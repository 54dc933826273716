/** The reviews module's public functions: other modules and the seed read and write reviews only through these. */

export { reviewsForExport } from './leaving.ts';
export { countShownReviews, type ReviewRecord, recordReviews, reviewSummaryOf } from './service.ts';

/**
 * The subscriptions module's public functions: the sitemap, the server's page check, the seed and an account leaving
 * reach plans here.
 */
export { endPlansOfLeaver, plansForExport } from './leaving.ts';
export { type PlanRecord, recordPlans } from './records.ts';
export { isShownPlan, planSitemapPages } from './service.ts';
export { reservedPlaces } from './reserved-places.ts';

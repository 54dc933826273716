/** The subscriptions module's public functions: the sitemap, the server's page check and the seed reach plans here. */
export { type PlanRecord, recordPlans } from './records.ts';
export { isShownPlan, planSitemapPages } from './service.ts';

/**
 * The subscriptions module's public functions: the sitemap, the server's page check, the seed and an account leaving
 * reach plans here.
 */

export { runSubscriptionDeliveries, type SubscriptionJobSettings } from './delivery-job.ts';
export { endPlansOfLeaver, endSubscriptionsOfLeaver, plansForExport, subscriptionsForExport } from './leaving.ts';
export { type PlanRecord, recordPlans, recordSubscription } from './records.ts';
export { reservedPlaces } from './reserved-places.ts';
export { isShownPlan, planSitemapPages } from './service.ts';
export { moveMovedDelivery, skipCancelledDelivery } from './subscriber-actions.ts';

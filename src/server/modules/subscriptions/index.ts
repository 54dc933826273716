/** The subscriptions module's public functions: the sitemap and the server's page check read plans through these. */
export { isShownPlan, planSitemapPages } from './service.ts';

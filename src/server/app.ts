import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { type Config, fastifyTrustProxy } from './config.ts';
import { catalogChangesPlugin } from './db/change-feed.ts';
import type { Db } from './db/client.ts';
import { readReplicaPlugin } from './db/read-replica.ts';
import { leavingOf } from './leaving.ts';
import { loggerOptions, requestIdOf } from './logging.ts';
import { SignInLimiter, sendVerificationLink } from './modules/auth/index.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { addToCart } from './modules/cart/index.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { catalogueImportRoutes } from './modules/catalog/import/routes.ts';
import { countOfferedProducts, productCardsByIds, productListed } from './modules/catalog/index.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { makeOrder } from './modules/checkout/index.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { couponRoutes } from './modules/coupons/routes.ts';
import { favouriteRoutes } from './modules/favourites/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { orderDeskRoutes } from './modules/orders/desk-routes.ts';
import {
  deliveredProductsOf,
  orderHeadsOf,
  orderNumbersOf,
  soldLinesOf,
  whenSubscriptionOrderCancelled,
  whenSubscriptionOrderMoved,
} from './modules/orders/index.ts';
import { problemReportRoutes } from './modules/orders/problem-routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { vendorWeekRoutes } from './modules/orders/vendor-week-routes.ts';
import {
  commissionSettings,
  connectPayoutAccount,
  createPaymentProviders,
  earningsByMonth,
  type PaymentProviders,
  payoutAccountOf,
  payoutMonths,
  sendPayouts,
  setCommission,
  setPayoutHold,
  shopBalance,
  shopLedgerIn,
  shopPayoutsPage,
  shopTransfersRelation,
  submitSandboxOnboarding,
  unpaidAt,
} from './modules/payments/index.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { stripeWebhookRoutes } from './modules/payments/webhook-routes.ts';
import { adminPayoutRoutes } from './modules/payouts/admin-routes.ts';
import { payoutRoutes } from './modules/payouts/routes.ts';
import { vendorPayoutRoutes } from './modules/payouts/vendor-routes.ts';
import { reviewSummaryOf } from './modules/reviews/index.ts';
import { moderationRoutes } from './modules/reviews/moderation-routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { shopApprovalRoutes } from './modules/shops/approval-routes.ts';
import { shopRoutes } from './modules/shops/routes.ts';
import { holdPlacesFor, placePostcode, shopHandover } from './modules/slots/index.ts';
import { slotRoutes } from './modules/slots/routes.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { moveMovedDelivery, reservedPlaces, skipCancelledDelivery } from './modules/subscriptions/index.ts';
import { rosterRoutes } from './modules/subscriptions/roster-routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { subscriberRoutes } from './modules/subscriptions/subscriber-routes.ts';
import { taxRoutes } from './modules/tax/routes.ts';
import { createStorage, type Storage } from './modules/uploads/index.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { COMPRESSION } from './plugins/compression.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { inputGuardPlugin, parseQuery } from './plugins/input-guard.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { enterTestClock, testClock } from './plugins/test-clock.ts';
import { webPlugin } from './plugins/web.ts';
import type { Secrets } from './secrets.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  /** Generated secrets (JWT signing key); tests pass their own. */
  secrets: Secrets;
  /** Where uploads go; defaults to what the config says (local disk or S3). */
  storage?: Storage;
  /** Built web app to serve; omitted in API tests. */
  webDir?: string;
  /** Logging off, or another level or destination than the config's level on standard output. */
  logger?: false | { level?: string; stream?: DestinationStream };
  /** The clock routes read "now" from (ordering cutoffs, opening horizons); tests move it. */
  now?: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    storage: Storage;
    secrets: Secrets;
    /** The configured card provider (`active`), built once for the routes and the job runner. */
    payments: PaymentProviders;
    /** The current time (AppDeps' clock). */
    now: () => Date;
  }
}

/** What the payout routes and statements read and do in payments and orders, which build on payouts (decision 045). */
const payoutSources = {
  commissionSettings,
  setCommission,
  payoutAccountOf,
  connectPayoutAccount,
  submitSandboxOnboarding,
  setPayoutHold,
  sendPayouts,
  earningsByMonth,
  shopPayoutsPage,
  shopBalance,
  payoutMonths,
  shopTransfersRelation,
  shopLedgerIn,
  unpaidAt,
  orderHeadsOf,
  orderNumbersOf,
  soldLinesOf,
};

/** The route modules under /api, in the order they are registered; each gets its own plugin context. */
const apiRoutes: ((api: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  (api) => catalogRoutes(api, { reviewSummaryOf }),
  (api) => shopRoutes(api, { productCounts: countOfferedProducts, shopHandover, placePostcode }),
  catalogueImportRoutes,
  (api) => slotRoutes(api, { orderNumbersOf }),
  subscriptionRoutes,
  subscriberRoutes,
  rosterRoutes,
  cartRoutes,
  couponRoutes,
  paymentRoutes,
  (api) => payoutRoutes(api, payoutSources),
  (api) => adminPayoutRoutes(api, payoutSources),
  taxRoutes,
  stripeWebhookRoutes,
  checkoutRoutes,
  orderRoutes,
  orderDeskRoutes,
  problemReportRoutes,
  shopApprovalRoutes,
  vendorWeekRoutes,
  (api) => vendorPayoutRoutes(api, payoutSources),
  reviewRoutes,
  contactRoutes,
  statsRoutes,
  moderationRoutes,
  notificationRoutes,
  (api) =>
    favouriteRoutes(api, {
      productListed,
      productCardsByIds,
      productCounts: countOfferedProducts,
      deliveredProductsOf,
      addToCart,
    }),
  uploadRoutes,
  authRoutes,
  (api) =>
    userRoutes(api, {
      leaving: leavingOf(api, payoutSources),
      whenSignedUp: sendVerificationLink,
      passwordGuesses: new SignInLimiter(api.db),
    }),
];

/** Builds the whole app without listening: main.ts listens, tests use app.inject. */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(deps.logger?.level ?? config.logLevel, deps.logger?.stream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A client's or proxy's X-Request-Id when well-formed, else a new one; echoed on every answer (logging.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    routerOptions: { querystringParser: parseQuery },
    frameworkErrors,
    // While closing, a request that still arrives on an open connection (a proxy's kept-alive one) is served
    // within the shutdown's grace rather than refused with 503, which a proxy may not retry for a POST.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('storage', deps.storage ?? createStorage(config));
  app.decorate('secrets', deps.secrets);
  const clock = deps.now ?? (() => new Date());
  app.decorate('now', config.testClockHeader ? () => testClock.getStore() ?? clock() : clock);
  if (config.testClockHeader) app.addHook('onRequest', enterTestClock);
  // Slots count the places subscriptions hold ahead of their orders (decision 069).
  holdPlacesFor(reservedPlaces);
  // A subscription order its buyer cancels before the charge is that delivery skipped, one moved is moved (068).
  whenSubscriptionOrderCancelled(skipCancelledDelivery);
  whenSubscriptionOrderMoved(moveMovedDelivery);
  app.decorate(
    'payments',
    createPaymentProviders(config, deps.db, makeOrder, () => app.now()),
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(errorsPlugin);
  await app.register(metricsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitPlugin);
  // ETag and 304 on every answer with a body (before compression, so the tag is of the content; weak, because the
  // same content goes out in several encodings under it); then text answers of 1 KB and more compressed by
  // Accept-Encoding (the built app's files come precompressed).
  await app.register(etag, { weak: true });
  await app.register(compress, COMPRESSION);
  await app.register(cookie);
  await app.register(catalogChangesPlugin);
  await app.register(readReplicaPlugin);
  await app.register(authPlugin);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 } });
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDir: deps.webDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

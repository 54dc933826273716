import type { RouteDef } from '../route-table.ts';
import { adminPayoutsApi } from './admin-payouts.ts';
import { authApi } from './auth.ts';
import { cartApi } from './cart.ts';
import { catalogApi } from './catalog.ts';
import { catalogueImportApi } from './catalogue-import.ts';
import { checkoutApi } from './checkout.ts';
import { checkoutPlanApi } from './checkout-plan.ts';
import { contactApi } from './contact.ts';
import { couponsApi } from './coupons.ts';
import { deliveryChangesApi } from './delivery-changes.ts';
import { favouritesApi } from './favourites.ts';
import { healthApi } from './health.ts';
import { membershipPlansApi } from './membership-plans.ts';
import { notificationsApi } from './notifications.ts';
import { orderDeskApi } from './order-desk.ts';
import { ordersApi } from './orders.ts';
import { paymentsApi } from './payments.ts';
import { payoutsApi } from './payouts.ts';
import { problemReportsApi } from './problem-reports.ts';
import { reviewsApi } from './reviews.ts';
import { rosterApi } from './roster.ts';
import { shopApprovalApi } from './shop-approval.ts';
import { shopsApi } from './shops.ts';
import { slotsApi } from './slots.ts';
import { statsApi } from './stats.ts';
import { subscribersApi } from './subscribers.ts';
import { subscriptionsApi } from './subscriptions.ts';
import { taxApi } from './tax.ts';
import { uploadsApi } from './uploads.ts';
import { usersApi } from './users.ts';
import { vendorPayoutsApi } from './vendor-payouts.ts';
import { vendorWeekApi } from './vendor-week.ts';
import { weighingApi } from './weighing.ts';

/**
 * The whole route table, module by module. The server and the authorization matrix read it whole; the web
 * app imports only the module files it calls (so a page's bundle carries only its own routes' schemas).
 */
export const API = {
  cart: cartApi,
  checkout: checkoutApi,
  checkoutPlan: checkoutPlanApi,
  payments: paymentsApi,
  membershipPlans: membershipPlansApi,
  payouts: payoutsApi,
  adminPayouts: adminPayoutsApi,
  vendorPayouts: vendorPayoutsApi,
  tax: taxApi,
  orders: ordersApi,
  orderDesk: orderDeskApi,
  problemReports: problemReportsApi,
  weighing: weighingApi,
  vendorWeek: vendorWeekApi,
  catalog: catalogApi,
  coupons: couponsApi,
  reviews: reviewsApi,
  catalogueImport: catalogueImportApi,
  stats: statsApi,
  contact: contactApi,
  health: healthApi,
  auth: authApi,
  users: usersApi,
  shops: shopsApi,
  shopApproval: shopApprovalApi,
  slots: slotsApi,
  subscriptions: subscriptionsApi,
  roster: rosterApi,
  subscribers: subscribersApi,
  deliveryChanges: deliveryChangesApi,
  uploads: uploadsApi,
  notifications: notificationsApi,
  favourites: favouritesApi,
};

type Module = (typeof API)[keyof typeof API];
type AnyRoute = { [M in keyof typeof API]: (typeof API)[M][keyof (typeof API)[M]] }[keyof typeof API];
/** `GET /api/carts`: how a route is named in logs, the matrix and the OpenAPI paths. */
export type ApiRouteKey = AnyRoute extends infer R
  ? R extends RouteDef
    ? `${R['method']} /api${R['path']}`
    : never
  : never;

/**
 * Every route by its name, `GET /carts` (method and path under /api). The web client calls routes by name and
 * imports this type only, so no schema of the table reaches the browser's bundle through a call.
 */
export type Routes = { [R in AnyRoute as R extends RouteDef ? `${R['method']} ${R['path']}` : never]: R };
export type RouteName = keyof Routes;

export const API_ROUTES: RouteDef[] = Object.values(API).flatMap((module: Module) => Object.values(module));

export const routeKey = (route: RouteDef) => `${route.method} /api${route.path}`;

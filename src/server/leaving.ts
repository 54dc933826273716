import type { FastifyInstance } from 'fastify';
import { businessToday } from './business-day.ts';
import { eraseSignIns, sessionsForExport } from './modules/auth/index.ts';
import { cartForExport, eraseCart } from './modules/cart/index.ts';
import { eraseCatalogPart, placeForExport, productsForExport } from './modules/catalog/index.ts';
import { contactMessagesForExport, eraseContactMessages } from './modules/contact/index.ts';
import { eraseFavourites, favouritesForExport } from './modules/favourites/index.ts';
import { eraseNotifications, notificationsForExport } from './modules/notifications/index.ts';
import { eraseOrderPersonalData, openOrdersRemaining, ordersForExport } from './modules/orders/index.ts';
import {
  cancelUnpaidPayments,
  erasePaymentPersonalData,
  paymentIdsOf,
  paymentsForExport,
  unsettledBalance,
} from './modules/payments/index.ts';
import { type PayoutSources, statementsForExport } from './modules/payouts/index.ts';
import { reviewsForExport } from './modules/reviews/index.ts';
import { closeShopProfile, shopForExport } from './modules/shops/index.ts';
import {
  endPlansOfLeaver,
  endSubscriptionsOfLeaver,
  plansForExport,
  subscriptionsForExport,
} from './modules/subscriptions/index.ts';
import type { Leaving } from './modules/users/index.ts';
import { forgetCountsOf } from './plugins/rate-limit.ts';

/**
 * An account leaving with its data (issue 31, item 4; docs/privacy.md): each module's part, which users (calling no
 * module) gets from app.ts. The erasure steps run in order in one transaction; orders' step adds the words checkout
 * copied (names, phones, addresses, notes) before notifications replace them in other people's messages.
 */
export function leavingOf(app: FastifyInstance, payoutSources: PayoutSources): Leaving {
  const isVendor = (role: string) => role === 'vendor';
  return {
    remains: [
      (tx, leaver) => openOrdersRemaining(tx, leaver.id, isVendor(leaver.role)),
      async (tx, leaver) => (isVendor(leaver.role) ? unsettledBalance(tx, leaver.id, app.now()) : {}),
    ],
    cancel: [
      (leaver) =>
        cancelUnpaidPayments(
          app.db,
          { provider: app.payments.active, settle: app.payments.settle, now: app.now },
          leaver.id,
        ),
    ],
    erase: [
      (tx, leaver) => eraseSignIns(tx, leaver.id),
      (tx, leaver) => forgetCountsOf(tx, leaver.email),
      (tx, leaver) => eraseCart(tx, leaver.id),
      (tx, leaver) => eraseFavourites(tx, leaver.id),
      (tx, leaver) => eraseCatalogPart(tx, leaver.id, isVendor(leaver.role)),
      async (tx, leaver) => {
        if (isVendor(leaver.role)) await closeShopProfile(tx, leaver.id);
      },
      async (tx, leaver) => {
        if (isVendor(leaver.role)) await endPlansOfLeaver(tx, leaver.id, app.now());
      },
      (tx, leaver) =>
        endSubscriptionsOfLeaver(tx, leaver.id, app.now(), businessToday(app.config.businessTimeZone, app.now())),
      async (tx, leaver) => {
        leaver.words.push(...(await eraseOrderPersonalData(tx, leaver, await paymentIdsOf(tx, leaver.id))));
      },
      (tx, leaver) => erasePaymentPersonalData(tx, { ...leaver, isVendor: isVendor(leaver.role) }),
      (tx, leaver) => eraseContactMessages(tx, leaver.email),
      (tx, leaver) => eraseNotifications(tx, leaver.id, leaver.words),
    ],
    exportParts: {
      orders: (db, leaver) => ordersForExport(db, leaver.id),
      payments: (db, leaver) => paymentsForExport(db, leaver.id),
      reviews: (db, leaver) => reviewsForExport(db, leaver.id),
      favourites: (db, leaver) => favouritesForExport(db, leaver.id),
      notifications: async (db, leaver) => (await notificationsForExport(db, leaver.id)).notifications,
      emailOptOuts: async (db, leaver) => (await notificationsForExport(db, leaver.id)).emailOptOuts,
      cart: (db, leaver) => cartForExport(db, leaver.id),
      place: (db, leaver) => placeForExport(db, leaver.id),
      sessions: (db, leaver) => sessionsForExport(db, leaver.id),
      contactMessages: (db, leaver) => contactMessagesForExport(db, leaver.email),
      shop: (db, leaver) => shopForExport(db, leaver.id),
      products: async (db, leaver) => (isVendor(leaver.role) ? productsForExport(db, leaver.id) : null),
      subscriptionPlans: async (db, leaver) => (isVendor(leaver.role) ? plansForExport(db, leaver.id) : null),
      subscriptions: (db, leaver) => subscriptionsForExport(db, leaver.id),
      statements: async (db, leaver) =>
        isVendor(leaver.role) ? statementsForExport(db, payoutSources, leaver.id, app.config.businessTimeZone) : null,
    },
  };
}

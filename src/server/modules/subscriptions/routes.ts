import type { FastifyInstance } from 'fastify';
import { subscriptionsApi } from '#contract/api/subscriptions.ts';
import { businessToday } from '../../business-day.ts';
import { forbidden } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import {
  createPlan,
  endPlan,
  listShopPlans,
  type PlanClock,
  planChoices,
  publicPlan,
  publicShopPlans,
  updatePlan,
} from './service.ts';

/** A vendor manages its own shop's plans; an admin reads any shop's (the routes' rows say which). */
function assertShop(user: { id: string; role: string }, shopId: string) {
  if (user.role !== 'admin' && user.id !== shopId) throw forbidden('You can only manage your own shop');
}

export async function subscriptionRoutes(app: FastifyInstance) {
  const clock = (): PlanClock => {
    const now = app.now();
    return {
      now,
      today: businessToday(app.config.businessTimeZone, now),
      defaultTimeZone: app.config.businessTimeZone,
    };
  };

  handle(app, subscriptionsApi.list, async ({ params, user }) => {
    assertShop(user, params.shopId);
    return listShopPlans(app.db, params.shopId, clock());
  });

  handle(app, subscriptionsApi.choices, async ({ params, user }) => {
    assertShop(user, params.shopId);
    return planChoices(app.db, params.shopId, clock());
  });

  handle(app, subscriptionsApi.create, async ({ params, body, user }) => {
    assertShop(user, params.shopId);
    return createPlan(app.db, params.shopId, body, clock());
  });

  handle(app, subscriptionsApi.update, async ({ params, body, user }) => {
    assertShop(user, params.shopId);
    return updatePlan(app.db, params.shopId, params.planId, body, clock());
  });

  handle(app, subscriptionsApi.end, async ({ params, user }) => {
    assertShop(user, params.shopId);
    return endPlan(app.db, params.shopId, params.planId, clock());
  });

  handle(app, subscriptionsApi.shopPlans, async ({ params }) => publicShopPlans(app.db, params.shopId, clock()));

  handle(app, subscriptionsApi.plan, async ({ params }) => publicPlan(app.db, params.id, clock()));
}

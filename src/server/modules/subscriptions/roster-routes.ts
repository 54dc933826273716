import type { FastifyInstance } from 'fastify';
import { rosterApi } from '#contract/api/roster.ts';
import { businessToday } from '../../business-day.ts';
import { forbidden, notFound } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import { planBoxesFrom, setBoxContents, shopRoster } from './roster.ts';
import { isShownPlan } from './service.ts';

/** The farm's week of subscriptions (decision 068): its roster, the box contents it sets, and what members read. */
export async function rosterRoutes(app: FastifyInstance) {
  const clock = () => ({ now: app.now(), defaultTimeZone: app.config.businessTimeZone });
  const assertShop = (user: { id: string; role: string }, shopId: string) => {
    if (user.role !== 'admin' && user.id !== shopId) throw forbidden('You can only manage your own shop');
  };

  handle(app, rosterApi.roster, async ({ params, query, user }) => {
    assertShop(user, params.shopId);
    return shopRoster(app.db, params.shopId, query, clock());
  });

  handle(app, rosterApi.setBox, async ({ params, body, user }) => {
    assertShop(user, params.shopId);
    return setBoxContents(app.db, params, body.contents, clock());
  });

  handle(app, rosterApi.boxes, async ({ params }) => {
    const today = businessToday(app.config.businessTimeZone, app.now());
    if (!(await isShownPlan(app.db, params.id, today))) throw notFound('Plan');
    return planBoxesFrom(app.db, params.id, today);
  });
}

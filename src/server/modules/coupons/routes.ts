import type { FastifyInstance } from 'fastify';
import { couponsApi } from '#contract/api/coupons.ts';
import { businessToday } from '../../business-day.ts';
import { handle } from '../../route-table.ts';
import { deleted } from '../../spec-answers.ts';
import { listCartLines, subtotalCents } from '../cart/index.ts';
import { createCoupon, deleteCoupon, listCoupons, quoteCoupon, toQuote } from './service.ts';

export async function couponRoutes(app: FastifyInstance) {
  handle(app, couponsApi.create, async ({ body, user }) =>
    createCoupon(app.db, user.id, body, businessToday(app.config.businessTimeZone)),
  );

  handle(app, couponsApi.list, async ({ query }) => listCoupons(app.db, query));

  handle(app, couponsApi.remove, async ({ params }) => deleted(await deleteCoupon(app.db, params.id)));

  handle(app, couponsApi.validate, async ({ body, user }) => {
    const subtotal = subtotalCents(await listCartLines(app.db, user.id));
    return toQuote(await quoteCoupon(app.db, body.code, subtotal), subtotal);
  });
}

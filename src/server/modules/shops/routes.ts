import type { FastifyInstance } from 'fastify';
import { shopsApi } from '#contract/api/shops.ts';
import { pageOf } from '#contract/pagination.ts';
import { forbidden } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import { modified } from '../../spec-answers.ts';
import { assertSelfOrAdmin, findActiveUserByEmail, listUsers, requireVerifiedEmail } from '../users/index.ts';
import { registerVendor, userRecords } from './accounts.ts';
import { getShop, listShops, type ProductCounts } from './service.ts';

export type ShopRoutesOptions = {
  /** The catalog's count of each vendor's offered products (app.ts wires it: the catalog reads shops). */
  productCounts: ProductCounts;
};

export async function shopRoutes(app: FastifyInstance, options: ShopRoutesOptions) {
  handle(app, shopsApi.list, async (request) =>
    app.catalogRead(request, (db) => listShops(db, request.query.q, options.productCounts)),
  );

  handle(app, shopsApi.get, async (request) =>
    app.catalogRead(request, (db) => getShop(db, request.params.id, options.productCounts)),
  );

  handle(app, shopsApi.registerVendor, async ({ params, body, user }) => {
    if (user.email !== params.email) throw forbidden('You can only register a shop for your own account');
    requireVerifiedEmail(user);
    await registerVendor(app.db, user.id, body);
    return modified(1);
  });

  handle(app, shopsApi.userInfo, async ({ query, user }) => {
    assertSelfOrAdmin(user, query.email);
    const account = await findActiveUserByEmail(app.db, query.email);
    return account ? userRecords(app.db, [account]) : [];
  });

  handle(app, shopsApi.users, async ({ params, query }) => {
    const { page, limit, q } = query;
    const { rows, total } = await listUsers(app.db, params.roll, page ? { page, limit } : undefined, q);
    const records = await userRecords(app.db, rows);
    return page ? pageOf(records, total, { page, limit }) : records;
  });
}

import type { FastifyInstance } from 'fastify';
import { shopsApi } from '#contract/api/shops.ts';
import { pageOf } from '#contract/pagination.ts';
import { requestedPlace, UNPLACED_ZIP } from '#contract/places.ts';
import type { ShopHandover } from '#contract/shops.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import { modified } from '../../spec-answers.ts';
import { assertSelfOrAdmin, findActiveUserByEmail, listUsers, requireVerifiedEmail } from '../users/index.ts';
import { registerVendor, userRecords } from './accounts.ts';
import { readMarketplace, setMarketplace } from './marketplace.ts';
import { saveShopProfile } from './profiles.ts';
import { getShop, listShops, type ProductCounts } from './service.ts';

export type ShopRoutesOptions = {
  /** The catalog's count of each vendor's offered products (app.ts wires it: the catalog reads shops). */
  productCounts: ProductCounts;
  /** The slots module's pickup and delivery for a shop's page (app.ts wires it: slots builds on shops). */
  shopHandover: (db: Tx, shopId: string, options: { defaultTimeZone: string; now: Date }) => Promise<ShopHandover>;
  /** Where a ZIP code is on the map (the slots module's data set, decision 017), undefined when unknown. */
  placePostcode: (postcode: string) => { latitude: number; longitude: number } | undefined;
};

export async function shopRoutes(app: FastifyInstance, options: ShopRoutesOptions) {
  const sources = {
    productCounts: options.productCounts,
    handoverOf: (db: Tx, shopId: string) =>
      options.shopHandover(db, shopId, { defaultTimeZone: app.config.businessTimeZone, now: app.now() }),
  };

  handle(app, shopsApi.list, async (request) => {
    const requested = requestedPlace(request.query);
    const place = requested && 'postcode' in requested ? options.placePostcode(requested.postcode) : requested;
    if (requested && !place) throw badRequest(UNPLACED_ZIP, { near: UNPLACED_ZIP });
    return app.catalogRead(request, (db) => listShops(db, { q: request.query.q, place }, options.productCounts));
  });

  handle(app, shopsApi.get, async (request) =>
    app.catalogRead(request, (db) => getShop(db, request.params.id, sources)),
  );

  handle(app, shopsApi.saveProfile, async ({ params, body, user }) => {
    if (user.id !== params.shopId) throw forbidden('You can only edit your own shop');
    const { shop, ...rest } = body;
    if (!(await saveShopProfile(app.db, user.id, { name: shop, ...rest }))) throw notFound('Shop');
    return getShop(app.db, user.id, sources, { evenHeld: true });
  });

  handle(app, shopsApi.marketplace, async () => readMarketplace(app.db));

  handle(app, shopsApi.setMarketplace, async ({ body, user }) => setMarketplace(app.db, user.id, body));

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

import type { FastifyInstance } from 'fastify';
import { slotsApi } from '#contract/api/slots.ts';
import { handle } from '../../route-table.ts';
import { deleted } from '../../spec-answers.ts';
import { listSlots } from './calendar.ts';
import type { OrderNumbersOf } from './cancel-notice.ts';
import { closeShop, reopenClosure } from './closures.ts';
import { deliveryTerms } from './delivery-terms.ts';
import { assertManagesShop, cancelSlot, readSettings, saveSettings, uncancelSlot } from './settings.ts';

export type SlotRoutesOptions = {
  /** The FS- numbers of orders, by id (the orders module's; app.ts wires it: orders build on slots). */
  orderNumbersOf: OrderNumbersOf;
};

export async function slotRoutes(app: FastifyInstance, { orderNumbersOf }: SlotRoutesOptions) {
  const options = () => ({ defaultTimeZone: app.config.businessTimeZone, now: app.now(), orderNumbersOf });

  handle(app, slotsApi.settings, async ({ params, user }) => {
    assertManagesShop(user, params.shopId);
    return readSettings(app.db, params.shopId, app.config.businessTimeZone, app.now());
  });

  handle(app, slotsApi.saveSettings, async ({ params, body, user }) => {
    assertManagesShop(user, params.shopId);
    return saveSettings(app.db, params.shopId, body, options());
  });

  handle(app, slotsApi.cancel, async ({ params, body, user }) => {
    assertManagesShop(user, params.shopId);
    return cancelSlot(app.db, params.shopId, body, options());
  });

  handle(app, slotsApi.uncancel, async ({ params, user }) => {
    assertManagesShop(user, params.shopId);
    return deleted(await uncancelSlot(app.db, params.shopId, params.id));
  });

  handle(app, slotsApi.close, async ({ params, body, user }) => {
    assertManagesShop(user, params.shopId);
    return closeShop(app.db, params.shopId, body, options());
  });

  handle(app, slotsApi.reopen, async ({ params, user }) => {
    assertManagesShop(user, params.shopId);
    return deleted(await reopenClosure(app.db, params.shopId, params.id));
  });

  handle(app, slotsApi.deliveryTerms, () => deliveryTerms(app.db));

  handle(app, slotsApi.slots, async ({ params, query }) => listSlots(app.db, params.shopId, query, options()));
}

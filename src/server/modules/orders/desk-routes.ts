import type { FastifyInstance } from 'fastify';
import { orderDeskApi } from '#contract/api/order-desk.ts';
import { centsToDollars } from '#contract/money.ts';
import { handle } from '../../route-table.ts';
import { orderStory, searchOrders } from './desk.ts';
import { deskCancel, deskRefund, resendReceipt } from './desk-actions.ts';
import { getOrderTracking } from './fulfilment.ts';

/** The order desk (admin): find orders, read one's story, refund or cancel a part, send the receipt again. */
export async function orderDeskRoutes(app: FastifyInstance) {
  handle(app, orderDeskApi.search, async ({ query }) => searchOrders(app.db, query, app.config.businessTimeZone));

  handle(app, orderDeskApi.story, async ({ params }) => orderStory(app.db, params.id));

  handle(app, orderDeskApi.refund, async ({ params, body, user, log }) => {
    const part = { orderId: params.id, shopId: params.shopId };
    const done = await deskRefund(app.db, app.payments.active, part, body, user, log);
    return {
      refundId: done.refundId,
      amount: centsToDollars(done.amountCents),
      reversed: centsToDollars(done.reversedCents),
      repeated: done.repeated,
    };
  });

  handle(app, orderDeskApi.cancel, async ({ params, body, user, log }) => {
    const part = { orderId: params.id, shopId: params.shopId };
    await deskCancel(app.db, app.payments.active, part, body, user, log);
    return getOrderTracking(app.db, params.id, user, app.now());
  });

  handle(app, orderDeskApi.receipt, async ({ params }) => resendReceipt(app.db, params.id));
}

import type { FastifyInstance } from 'fastify';
import { ordersApi } from '#contract/api/orders.ts';
import { weighingApi } from '#contract/api/weighing.ts';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import { normalizeEmail } from '#contract/validation.ts';
import { forbidden, notFound } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import { inserted, modified } from '../../spec-answers.ts';
import { exportBound } from '../../workers/bounds.ts';
import { renderInPool } from '../../workers/pool.ts';
import { readMarketplace } from '../shops/index.ts';
import {
  getOrderTracking,
  listAllOrders,
  listVendorOrders,
  refundDeliveredPart,
  updateVendorOrder,
} from './fulfilment.ts';
import { getInvoice } from './invoice.ts';
import { customerStats, paymentByTransactionId, paymentHistory } from './queries.ts';
import { cancelPartAsBuyer, movePartAsBuyer } from './shopper-cancel.ts';
import { moveVendorParts, undoOf, undoVendorStep } from './vendor-steps.ts';
import { weighLine } from './weighing.ts';

/** The buyer's orders and invoices, each vendor's part of the orders, and every order for admins. */
export async function orderRoutes(app: FastifyInstance) {
  handle(app, ordersApi.history, async ({ params, query, user }) => {
    const email = normalizeEmail(params.email);
    if (email !== user.email && user.role !== 'admin') throw forbidden('You can only see your own payments');
    return paymentHistory(app.db, email, query);
  });

  handle(app, ordersApi.acknowledge, async ({ body, user }) => {
    const payment = await paymentByTransactionId(app.db, body.transactionId);
    if (!payment) throw notFound('Order');
    if (payment.email !== user.email) throw forbidden('This order is not yours');
    return { ...inserted(payment.orderId), status: payment.status };
  });

  handle(app, ordersApi.customerStats, async ({ user }) => customerStats(app.db, user.id));

  handle(app, ordersApi.invoice, async ({ params, user }) => getInvoice(app.db, params.id, user, app.config.contact));

  // Laid out in the render pool's threads, a few at a time per user and in all (decision 057).
  const exports = exportBound(app.config);
  handle(app, ordersApi.invoicePdf, async ({ params, user }, reply) => {
    const leave = exports.enter(user.id, reply);
    try {
      const invoice = await getInvoice(app.db, params.id, user, app.config.contact);
      const options = { paper: (await readMarketplace(app.db)).paperSize };
      const pdf = await renderInPool({ kind: 'invoice-pdf', invoice, options }, app.config.workerThreads);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="farmstall-invoice-${invoice.invoiceNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    } finally {
      leave();
    }
  });

  handle(app, ordersApi.tracking, async ({ params, user }) => getOrderTracking(app.db, params.id, user, app.now()));

  // The refund goes back through the card provider the payment was made with.
  handle(app, ordersApi.cancelPart, async ({ params, user, log }) =>
    cancelPartAsBuyer(app.db, app.payments.active, user, params, app.now(), log),
  );

  handle(app, ordersApi.movePart, async ({ params, body, user }) =>
    movePartAsBuyer(app.db, user, { ...params, slotId: body.slotId }, app.now()),
  );

  handle(app, ordersApi.vendorOrders, async ({ query, user }) => listVendorOrders(app.db, user.id, query));

  // Cancelling lines refunds them with the card provider the payments were made with.
  // A step answers the token to take it back for a few seconds (decision 059).
  handle(app, ordersApi.updateVendorOrder, async ({ params, body, user, log }) => {
    const { changed, order, step } = await updateVendorOrder(
      app.db,
      app.payments.active,
      user.id,
      params.orderId,
      body.status,
      log,
    );
    return { ...modified(changed), order, undo: undoOf(app.secrets.jwtSecret, user.id, order._id, step, app.now()) };
  });

  handle(app, ordersApi.vendorOrderSteps, async ({ body, user, log }) =>
    moveVendorParts(app.db, app.payments.active, app.secrets.jwtSecret, user.id, body, app.now, log),
  );

  handle(app, ordersApi.undoVendorStep, async ({ params, body, user }) => {
    const undone = await undoVendorStep(app.db, app.secrets.jwtSecret, user.id, params.orderId, body.token, app.now());
    return { ...modified(undone.changed), order: undone.order, undo: null };
  });

  handle(app, ordersApi.all, async ({ query }) => listAllOrders(app.db, query));

  handle(app, ordersApi.refundPart, async ({ params, body, log }) => {
    const target = { orderId: params.id, shopId: params.shopId, amountCents: dollarsToCents(body.amount) };
    const done = await refundDeliveredPart(app.db, app.payments.active, target, log);
    return {
      refundId: done.refundId,
      amount: centsToDollars(done.amountCents),
      reversed: centsToDollars(done.reversedCents),
    };
  });

  handle(app, weighingApi.weighLine, async ({ params, body, user }) =>
    weighLine(app.db, user.id, params.orderId, params.lineId, body.grams),
  );
}

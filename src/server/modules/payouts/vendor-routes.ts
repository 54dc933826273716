import type { FastifyInstance } from 'fastify';
import { vendorPayoutsApi } from '#contract/api/vendor-payouts.ts';
import { centsToDollars } from '#contract/money.ts';
import { handle } from '../../route-table.ts';
import { exportBound } from '../../workers/bounds.ts';
import { renderInPool } from '../../workers/pool.ts';
import { readMarketplace, shopOf } from '../shops/index.ts';
import { daySeen, monthPeriod, shopTransfers, statementData } from './shop-payouts.ts';
import type { PayoutSources } from './sources.ts';
import { statementOrderIds, statementPrint, statementRows } from './statement.ts';

const TYPES = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const;

/** The vendor's own payouts (decision 026): balance, transfers with their orders, monthly statements. */
export async function vendorPayoutRoutes(app: FastifyInstance, sources: PayoutSources) {
  const timeZone = app.config.businessTimeZone;

  handle(app, vendorPayoutsApi.balance, async ({ user }) => {
    const thisMonth = monthPeriod(daySeen(app.now(), timeZone).slice(0, 7), timeZone);
    const balance = await sources.shopBalance(app.db, user.id, thisMonth);
    return {
      owed: centsToDollars(balance.owedCents),
      onTheWay: centsToDollars(balance.onTheWayCents),
      paid: centsToDollars(balance.paidCents),
      commission: {
        thisMonth: centsToDollars(balance.commissionCents.thisMonth),
        total: centsToDollars(balance.commissionCents.total),
      },
    };
  });

  handle(app, vendorPayoutsApi.transfers, async ({ user, query }) =>
    shopTransfers(app.db, sources, user.id, query.cursor),
  );

  handle(app, vendorPayoutsApi.statementMonths, async ({ user }) => ({
    months: await sources.payoutMonths(app.db, user.id, timeZone),
    timeZone,
  }));

  // The statement is laid out in the render pool's threads, a few at a time per user and in all (decision 057).
  const exports = exportBound(app.config);
  handle(app, vendorPayoutsApi.statement, async ({ user, params }, reply) => {
    const leave = exports.enter(user.id, reply);
    try {
      const data = await statementData(app.db, sources, user.id, params.month, timeZone);
      const rows = statementRows(data, await sources.orderNumbersOf(app.db, statementOrderIds(data)));
      const shopName = params.format === 'csv' ? '' : ((await shopOf(app.db, user.id))?.name ?? user.name);
      const print = statementPrint(data, rows, shopName);
      const body = await renderInPool(
        params.format === 'csv'
          ? { kind: 'statement-csv', print }
          : { kind: 'statement-pdf', print, options: { paper: (await readMarketplace(app.db)).paperSize } },
        app.config.workerThreads,
      );
      return reply
        .header('content-type', TYPES[params.format])
        .header('content-disposition', `attachment; filename="farmstall-statement-${params.month}.${params.format}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    } finally {
      leave();
    }
  });
}

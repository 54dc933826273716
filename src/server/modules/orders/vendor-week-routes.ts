import type { FastifyInstance } from 'fastify';
import { vendorWeekApi } from '#contract/api/vendor-week.ts';
import type { SlotSheet } from '#contract/vendor-week.ts';
import { notFound } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import { exportBound } from '../../workers/bounds.ts';
import { renderInPool } from '../../workers/pool.ts';
import { readMarketplace } from '../shops/index.ts';
import { shopWeek, slotSheet } from './vendor-week.ts';

/** A vendor reads its own shop's week; an admin any shop's. Another shop's is not found, never forbidden. */
function assertReadsShop(user: { id: string; role: string }, shopId: string) {
  if (user.role !== 'admin' && user.id !== shopId) throw notFound('Shop');
}

const TYPES = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const;

/** The vendor's week: orders by booked slot, and each slot's pick list, packing slips and stops (page, PDF, CSV). */
export async function vendorWeekRoutes(app: FastifyInstance) {
  const sheetOf = (user: { id: string; role: string }, params: { shopId: string; slotId: string }) => {
    assertReadsShop(user, params.shopId);
    return slotSheet(app.db, params.shopId, params.slotId);
  };
  const fileName = (sheet: SlotSheet, name: 'pick-list' | 'packing-slips', format: 'csv' | 'pdf') =>
    `farmstall-${name}-${sheet.slot.start.slice(0, 16).replace(':', '')}.${format}`;

  handle(app, vendorWeekApi.week, async ({ params, query, user }) => {
    assertReadsShop(user, params.shopId);
    return shopWeek(app.db, params.shopId, query, {
      defaultTimeZone: app.config.businessTimeZone,
      now: app.now(),
    });
  });

  handle(app, vendorWeekApi.sheet, async ({ params, user }) => sheetOf(user, params));

  // The files are laid out in the render pool's threads, a few at a time per user and in all (decision 057).
  const exports = exportBound(app.config);
  for (const name of ['pick-list', 'packing-slips'] as const) {
    const def = name === 'pick-list' ? vendorWeekApi.pickList : vendorWeekApi.packingSlips;
    handle(app, def, async ({ params, user }, reply) => {
      const leave = exports.enter(user.id, reply);
      try {
        const sheet = await sheetOf(user, params);
        const options = { paper: (await readMarketplace(app.db)).paperSize };
        const body = await renderInPool(
          params.format === 'pdf' ? { kind: `${name}-pdf`, sheet, options } : { kind: `${name}-csv`, sheet },
          app.config.workerThreads,
        );
        return reply
          .header('content-type', TYPES[params.format])
          .header('content-disposition', `attachment; filename="${fileName(sheet, name, params.format)}"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      } finally {
        leave();
      }
    });
  }
}

import type { FastifyInstance } from 'fastify';
import { taxApi } from '#contract/api/tax.ts';
import { handle } from '../../route-table.ts';
import { getTaxSettings, setTax } from './tax.ts';

/** The admin's tax rates per category and whether prices include tax. */
export async function taxRoutes(app: FastifyInstance) {
  handle(app, taxApi.settings, async () => getTaxSettings(app.db));
  handle(app, taxApi.set, async ({ body, user }) => setTax(app.db, user.id, body));
}

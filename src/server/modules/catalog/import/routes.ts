import type { FastifyInstance } from 'fastify';
import { catalogueImportApi } from '#contract/api/catalogue-import.ts';
import { CHOOSE_SHOP, MAX_IMPORT_CHARS, matchColumns } from '#contract/catalogue-import.ts';
import { AppError, badRequest, forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { handle } from '../../../route-table.ts';
import { shopOf } from '../../shops/index.ts';
import { catalogueCsv } from './catalogue-rows.ts';
import { readCsv } from './csv-file.ts';
import { importQueue } from './import-queue.ts';

/** A file's characters as UTF-8 with room for its JSON escapes. */
const BODY_LIMIT = MAX_IMPORT_CHARS * 2;

/** The catalogue as CSV (decision 058): export, a file's columns, dry runs and imports in pg-boss, their state. */
export async function catalogueImportRoutes(app: FastifyInstance) {
  const queue = importQueue({
    db: app.db,
    connectionString: app.config.databaseDirectUrl,
    log: app.log,
    now: () => app.now(),
    changed: () => app.catalogChanges.publish(),
  });
  app.addHook('onClose', () => queue.stop());

  /** The shop acted on: a vendor's own (naming another is 403), the one an admin names (which must exist). */
  async function shopFor(user: AuthUser, shopId: string | undefined): Promise<string> {
    if (user.role !== 'admin') {
      if (shopId && shopId !== user.id) throw forbidden('You can only import into your own shop');
      return user.id;
    }
    if (!shopId) throw badRequest(CHOOSE_SHOP, { shopId: CHOOSE_SHOP });
    if (!(await shopOf(app.db, shopId))) throw notFound('Shop');
    return shopId;
  }

  handle(app, catalogueImportApi.export, async ({ user, query }, reply) => {
    const vendorId = await shopFor(user, query.shopId);
    const csv = await catalogueCsv(app.db, vendorId);
    const day = app.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="farmstall-catalogue-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(`\uFEFF${csv}`);
  });

  handle(
    app,
    catalogueImportApi.columns,
    async ({ body }) => {
      const file = readCsv(body.csv);
      return {
        separator: file.separator,
        headers: file.headers,
        rows: file.rows.length,
        mapping: matchColumns(file.headers),
      };
    },
    { bodyLimit: BODY_LIMIT },
  );

  handle(
    app,
    catalogueImportApi.start,
    async ({ body, user }) => {
      const vendorId = await shopFor(user, body.shopId);
      const jobId = await queue.send({
        vendorId,
        by: user.id,
        csv: body.csv,
        mapping: body.mapping,
        apply: body.apply,
      });
      return { jobId };
    },
    { bodyLimit: BODY_LIMIT },
  );

  handle(app, catalogueImportApi.job, async ({ params, user }) => {
    const job = await queue.find(params.id);
    if (!job || (user.role !== 'admin' && job.data.by !== user.id)) throw new AppError('NOT_FOUND', 'No such import');
    const { data: _data, ...answer } = job;
    return answer;
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { catalogueImportApi } from '#contract/api/catalogue-import.ts';
import {
  CHOOSE_FILE,
  CHOOSE_SHOP,
  FILE_TOO_LARGE,
  type ImportFields,
  importFields,
  MAX_IMPORT_BYTES,
  matchColumns,
} from '#contract/catalogue-import.ts';
import { AppError, badRequest, forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { handle } from '../../../route-table.ts';
import { shopOf } from '../../shops/index.ts';
import { catalogueCsv } from './catalogue-rows.ts';
import { readCsv } from './csv-file.ts';
import { importQueue } from './import-queue.ts';

/** The file with room for the form's other fields. */
const BODY_LIMIT = MAX_IMPORT_BYTES + 64 * 1024;

const NOT_UTF8 = 'The file is not UTF-8 text: save it as “CSV UTF-8” and choose it again';

/**
 * The multipart form of an import: its fields (before the file) and the file (field `file`) as text. The file is
 * read as UTF-8 (a byte order mark is dropped); anything else is refused, as is a file over 8 MB.
 */
async function readForm(request: FastifyRequest): Promise<{ csv: string; fields: Record<string, unknown> }> {
  if (!request.isMultipart()) throw badRequest(`${CHOOSE_FILE} (multipart field "file")`, { file: CHOOSE_FILE });
  const part = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } }).catch(() => {
    throw badRequest('The form could not be read: choose the file again', { file: CHOOSE_FILE });
  });
  if (part?.fieldname !== 'file') throw badRequest(CHOOSE_FILE, { file: CHOOSE_FILE });
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE);
    throw badRequest('The file could not be read: choose it again', { file: CHOOSE_FILE });
  });
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE);
  let csv: string;
  try {
    csv = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(NOT_UTF8, { file: NOT_UTF8 });
  }
  const fields = Object.fromEntries(
    Object.entries(part.fields).flatMap(([name, field]) =>
      field && !Array.isArray(field) && 'value' in field ? [[name, field.value]] : [],
    ),
  );
  return { csv, fields };
}

/** The import's fields, checked by the contract (400 naming the field). */
function parseFields(fields: Record<string, unknown>): ImportFields {
  const parsed = importFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issues = Object.fromEntries(
    parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'body'), issue.message]),
  );
  const [first] = Object.entries(issues);
  throw badRequest(`${first[0]}: ${first[1]}`, issues);
}

/** The catalogue as CSV (decision 060): export, a file's columns, dry runs and imports in pg-boss, their state. */
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
    async (request) => {
      const file = readCsv((await readForm(request)).csv);
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
    async (request) => {
      const { csv, fields } = await readForm(request);
      const { mapping, apply, shopId } = parseFields(fields);
      const vendorId = await shopFor(request.user, shopId);
      readCsv(csv); // a file that is not CSV is refused now, not in its job
      const jobId = await queue.send({ vendorId, by: request.user.id, csv, mapping, apply });
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

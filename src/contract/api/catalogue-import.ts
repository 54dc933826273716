import { exportQuery, importColumns, importJob, importJobParams, importStarted } from '../catalogue-import.ts';
import { route } from '../route-table.ts';

const SHOP_OR_ADMIN = {
  allow: ['vendor', 'admin'],
  note: 'a vendor’s own shop; an admin names the shop (shopId)',
} as const;

/** The catalogue as CSV: export it, read a file's columns, dry-run or apply a file in a background job, poll it. */
export const catalogueImportApi = {
  export: route({
    method: 'GET',
    path: '/catalogue/export',
    tag: 'catalog',
    summary: 'The shop’s listed products as CSV, one row per size (an admin names the shop)',
    access: SHOP_OR_ADMIN,
    query: exportQuery,
    status: 200,
    response: null,
    errors: [404],
  }),
  columns: route({
    method: 'POST',
    path: '/catalogue/import/columns',
    tag: 'catalog',
    summary:
      'Reads a CSV file’s separator and headers (multipart field `file`) and matches them to the catalogue’s columns',
    access: SHOP_OR_ADMIN,
    fileField: 'file',
    status: 200,
    response: importColumns,
    errors: [413, 415],
  }),
  start: route({
    method: 'POST',
    path: '/catalogue/imports',
    tag: 'catalog',
    summary:
      'Starts a dry run or an import of a CSV file in the background (multipart: fields mapping, apply, shopId, then `file`; all rows or none are applied); poll its job',
    access: SHOP_OR_ADMIN,
    fileField: 'file',
    status: 201,
    response: importStarted,
    errors: [404, 413, 415],
  }),
  job: route({
    method: 'GET',
    path: '/catalogue/imports/:id',
    tag: 'catalog',
    summary: 'An import’s state, progress and report (who started it, or an admin)',
    access: SHOP_OR_ADMIN,
    params: importJobParams,
    status: 200,
    response: importJob,
    errors: [404],
  }),
};

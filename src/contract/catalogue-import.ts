import { z } from 'zod';
import { uuidField } from './validation.ts';

/**
 * The catalogue's CSV columns (issue 33 item 3; decision 060): one row per size of a product, the product's own
 * fields repeated on each of its rows. `header` is what the export writes; a file's header is matched to a column by
 * its header or an alias (case, spaces and punctuation ignored).
 */
export const CATALOGUE_COLUMNS = [
  { key: 'product', header: 'Product', aliases: ['product key', 'handle', 'product sku', 'parent'] },
  { key: 'sku', header: 'SKU', aliases: ['sku code', 'item code', 'code', 'variant sku'] },
  { key: 'name', header: 'Name', aliases: ['product name', 'title'] },
  { key: 'category', header: 'Category', aliases: ['product category', 'type'] },
  { key: 'details', header: 'Details', aliases: ['description', 'product details'] },
  { key: 'image', header: 'Image', aliases: ['image url', 'picture', 'photo', 'product image'] },
  { key: 'size', header: 'Size', aliases: ['option', 'variant', 'size name', 'option name'] },
  { key: 'price', header: 'Price', aliases: ['product price', 'selling price'] },
  { key: 'cost', header: 'Cost', aliases: ['production cost', 'cost price'] },
  { key: 'margin', header: 'Margin %', aliases: ['margin', 'profit margin'] },
  { key: 'pricing', header: 'Pricing', aliases: ['price by'] },
  { key: 'unit', header: 'Unit', aliases: ['sold by', 'uom'] },
  { key: 'packLabel', header: 'Pack', aliases: ['pack label', 'pack name'] },
  { key: 'netQuantity', header: 'Net quantity', aliases: ['net', 'pack quantity'] },
  { key: 'netUnit', header: 'Net unit', aliases: ['pack unit'] },
  { key: 'soldByWeight', header: 'Sold by weight', aliases: ['by weight', 'weighed'] },
  { key: 'gramsPerPiece', header: 'Grams per piece', aliases: ['piece weight', 'grams'] },
  { key: 'stock', header: 'Stock', aliases: ['quantity', 'qty', 'inventory', 'on hand'] },
  { key: 'pool', header: 'Shared stock', aliases: ['pool', 'shared quantity'] },
  { key: 'draws', header: 'Takes from shared stock', aliases: ['draws', 'units per size'] },
  { key: 'gtin', header: 'GTIN', aliases: ['barcode', 'ean', 'upc'] },
  { key: 'allergens', header: 'Allergens', aliases: ['contains'] },
  { key: 'labels', header: 'Labels', aliases: ['dietary labels', 'diet'] },
  { key: 'ingredients', header: 'Ingredients', aliases: [] },
  { key: 'pieceName', header: 'Piece name', aliases: ['one piece is called'] },
  { key: 'made', header: 'Made on', aliases: ['manufacturing date', 'manufactured', 'made'] },
  { key: 'expires', header: 'Expires on', aliases: ['expire date', 'expiry date', 'expiry', 'best before', 'use by'] },
  { key: 'farm', header: 'Farm', aliases: ['origin', 'farm name', 'origin name'] },
  { key: 'farmZip', header: 'Farm ZIP', aliases: ['farm zip code', 'origin zip', 'farm postcode'] },
  { key: 'markdownPercent', header: 'Markdown %', aliases: ['markdown percent'] },
  { key: 'markdownDays', header: 'Markdown days', aliases: [] },
  { key: 'archive', header: 'Archive', aliases: ['archived', 'delete', 'remove'] },
] as const;

export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number]['key'];
export const CATALOGUE_COLUMN_KEYS = CATALOGUE_COLUMNS.map((c) => c.key) as [CatalogueColumn, ...CatalogueColumn[]];

/** The columns every file needs, whatever it does (a row without its SKU cannot be matched or made). */
export const ALWAYS_NEEDED: readonly CatalogueColumn[] = ['sku'];
/** The columns a file that adds a product needs (the product form's required fields). */
export const NEEDED_TO_ADD: readonly CatalogueColumn[] = ['name', 'category', 'details', 'image', 'made', 'expires'];

/** At most this many rows a file (a farm's catalogue is hundreds; ten thousand takes minutes, not hours). */
export const MAX_IMPORT_ROWS = 10_000;
/** At most this many bytes a file. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
export const FILE_TOO_LARGE = 'The file is too large: at most 8 MB';
export const CHOOSE_FILE = 'Choose a CSV file';

const normalized = (text: string) => text.toLowerCase().replace(/[^a-z0-9%]/g, '');

/**
 * Each column's header in the file, found by its header or an alias; a header is taken by one column at most
 * (the first that names it), a column left unmatched is null.
 */
export function matchColumns(headers: readonly string[]): ColumnMapping {
  const taken = new Set<string>();
  const mapping = {} as Record<CatalogueColumn, string | null>;
  for (const column of CATALOGUE_COLUMNS) {
    const names = [column.key, column.header, ...column.aliases].map(normalized);
    const found = headers.find((h) => !taken.has(h) && names.includes(normalized(h)));
    if (found !== undefined) taken.add(found);
    mapping[column.key] = found ?? null;
  }
  return mapping;
}

/** The file's header mapped to each column (null or absent: the file has none; the field is not changed). */
export const columnMapping = z.partialRecord(
  z.enum(CATALOGUE_COLUMN_KEYS),
  z.string().max(200, { error: 'At most 200 characters', abort: true }).nullable(),
);
export type ColumnMapping = Partial<Record<CatalogueColumn, string | null>>;

/** The file's separator, headers, row count and the columns matched by their headers. */
export const importColumns = z.object({
  separator: z.enum([',', ';']),
  headers: z.array(z.string()),
  rows: z.number().int(),
  mapping: columnMapping,
});
export type ImportColumns = z.infer<typeof importColumns>;

/**
 * POST /catalogue/imports is multipart/form-data: these fields, then the file (field `file`). `mapping` is the
 * column mapping as JSON; `apply` is `true` for the import, `false` for a dry run.
 */
export const importFields = z.object({
  mapping: z
    .string({ error: 'Choose the columns' })
    .max(20_000, { error: 'Choose the columns', abort: true })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'Choose the columns', input: text });
        return z.NEVER;
      }
    })
    .pipe(columnMapping),
  apply: z.enum(['true', 'false'], { error: 'Say whether to apply the file' }).transform((v) => v === 'true'),
  /** The shop imported into: the vendor's own (may be left out), any shop for an admin (required). */
  shopId: uuidField('Not a shop id').optional(),
});
export type ImportFields = { mapping: ColumnMapping; apply: boolean; shopId?: string };

export const importStarted = z.object({ jobId: z.string() });
export const importJobParams = z.object({ id: uuidField('Not an import') });

/** One problem of the file: its row (1 is the header, 2 the first product row), its column (the file's header). */
export const importIssue = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportIssue = z.infer<typeof importIssue>;

export const IMPORT_ACTIONS = ['create', 'update', 'archive', 'unchanged'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** What the file does to one product: made, changed, archived or left as it is; its first row and its SKUs. */
export const importChange = z.object({
  row: z.number().int(),
  name: z.string(),
  skus: z.array(z.string()),
  action: z.enum(IMPORT_ACTIONS),
});
export type ImportChange = z.infer<typeof importChange>;

/** A dry run's or an import's report: with any error, nothing was (or would be) applied. */
export const importReport = z.object({
  rows: z.number().int(),
  applied: z.boolean(),
  errors: z.array(importIssue),
  changes: z.array(importChange),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    archive: z.number().int(),
    unchanged: z.number().int(),
  }),
});
export type ImportReport = z.infer<typeof importReport>;

export const IMPORT_STATES = ['waiting', 'running', 'done', 'failed'] as const;

/** GET /catalogue/imports/:id: the job's state, its progress in rows, and its report once done. */
export const importJob = z.object({
  id: z.string(),
  apply: z.boolean(),
  state: z.enum(IMPORT_STATES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  report: importReport.nullable(),
  /** Why a job failed without a report (the server stopped while it ran): nothing was applied. */
  failure: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

/** GET /catalogue/export: the vendor's own shop, or the shop an admin names. */
export const exportQuery = z.object({ shopId: uuidField('Not a shop id').optional() });

export const NOTHING_APPLIED = 'Nothing was imported: fix the rows below and run the file again';
export const CHOOSE_SHOP = 'Choose the shop to import into';

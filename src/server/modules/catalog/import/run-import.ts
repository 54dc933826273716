import {
  ALWAYS_NEEDED,
  CATALOGUE_COLUMNS,
  type CatalogueColumn,
  type ColumnMapping,
  type ImportAction,
  type ImportChange,
  type ImportIssue,
  type ImportReport,
  NEEDED_TO_ADD,
} from '#contract/catalogue-import.ts';
import { OPTION_SKU_TWICE, productEditInput, productInput, SKU_TAKEN } from '#contract/products.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { planOfShop, premiumPlan, productLimitMessage } from '../../shops/index.ts';
import { createProduct, editProduct, unlistProduct, vendorAllowance } from '../product-service.ts';
import { type CatalogueRow, type ShopProduct, shopProducts } from './catalogue-rows.ts';
import { cellValue, sameValue } from './cells.ts';
import { type CsvFile, readCsv } from './csv-file.ts';

/** The product's own fields: every row of a product gives the same. */
const PRODUCT_COLUMNS: readonly CatalogueColumn[] = [
  'name',
  'category',
  'details',
  'image',
  'pool',
  'allergens',
  'labels',
  'ingredients',
  'pieceName',
  'made',
  'expires',
  'farm',
  'farmZip',
  'markdownPercent',
  'markdownDays',
];

/** The product form's field each column fills, product-level then per size. */
const PRODUCT_FIELDS: Partial<Record<CatalogueColumn, string>> = {
  name: 'productName',
  category: 'productCategory',
  details: 'productDetails',
  image: 'productImage',
  pool: 'productQuantity',
  allergens: 'allergens',
  labels: 'labels',
  ingredients: 'ingredients',
  pieceName: 'pieceName',
  made: 'productManufacturingDate',
  expires: 'productExpireDate',
  farm: 'originName',
  farmZip: 'originPostcode',
  markdownPercent: 'markdownPercent',
  markdownDays: 'markdownDays',
};
const OPTION_FIELDS: Partial<Record<CatalogueColumn, string>> = {
  size: 'label',
  sku: 'sku',
  gtin: 'gtin',
  pricing: 'pricing',
  price: 'productPrice',
  cost: 'productionCost',
  margin: 'profitMargin',
  unit: 'unit',
  packLabel: 'packLabel',
  netQuantity: 'netQuantity',
  netUnit: 'netUnit',
  soldByWeight: 'soldByWeight',
  gramsPerPiece: 'gramsPerPiece',
  stock: 'stock',
  draws: 'draws',
};
const COLUMN_OF_FIELD: Record<string, CatalogueColumn> = Object.fromEntries([
  ...Object.entries(PRODUCT_FIELDS).map(([column, field]) => [field, column]),
  ...Object.entries(OPTION_FIELDS).map(([column, field]) => [field, column]),
  ['stockShared', 'draws'],
  ['_id', 'sku'],
  ['options', 'size'],
]);

const HEADER: Record<CatalogueColumn, string> = Object.fromEntries(
  CATALOGUE_COLUMNS.map((c) => [c.key, c.header]),
) as Record<CatalogueColumn, string>;

/** A row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells by column. */
type FileRow = { row: number; cells: Partial<CatalogueRow>; sku: string; archived: boolean };

/** The rows of one product in the file, and the listed product they change (none: a new one). */
type Group = { rows: FileRow[]; existing?: ShopProduct };

/** A product's write, once the file is checked: what it does and the input the product form's schema made. */
type Planned = {
  group: Group;
  action: ImportAction;
  firstRow: number;
  name: string;
  skus: string[];
  write?: () => Promise<unknown>;
};

export type ImportRun = {
  /** The shop's vendor: the import writes as they would through the product form. */
  vendorId: string;
  csv: string;
  mapping: ColumnMapping;
  apply: boolean;
  now: Date;
  /** Told the rows done as the writes go on (the job keeps it for the page's progress bar). */
  onProgress?: (done: number, total: number) => Promise<void>;
};

/** Thrown to roll a dry run, or a file with errors, back: nothing of it stays. */
class RollBack extends Error {}

/**
 * Checks a CSV file of the shop's catalogue against the product form's rules and, when `apply` and no row has an
 * error, writes it: all its products or none, in one transaction (decision 060). Each product is written by
 * product-service's createProduct, editProduct or unlistProduct, so every rule of the form and of the server holds;
 * a dry run makes the same writes and rolls them back, so it finds what the import would.
 */
export async function runImport(db: Db, run: ImportRun): Promise<ImportReport> {
  const issues = new Issues(run.mapping);
  let file: CsvFile;
  try {
    file = readCsv(run.csv);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    issues.add(1, '', error.message);
    return issues.report(0, [], false);
  }
  const columns = columnIndexes(file, run.mapping, issues);
  const listed = await shopProducts(db, run.vendorId);
  const groups = groupRows(file, columns, listed, issues);
  checkNeededColumns(groups, columns, issues);
  // A file without the columns it needs is told so once, not on each of its rows.
  if (issues.onHeader()) return issues.report(file.rows.length, [], false);
  // The writes go through the file's transaction once it is open.
  let writing: Db = db;
  const planned = groups.map((group) => planGroup(group, file, columns, run, issues, () => writing));
  await checkPlanLimit(db, run, planned, issues);

  let applied = false;
  // Rows the schemas refused are not written; the others still are (and rolled back), so one check finds the
  // server's refusals too. A file over the plan's limit is not written at all.
  if (!issues.onHeader()) {
    try {
      await db.transaction(async (tx) => {
        // product-service's functions take the database; given this transaction, each one's own transaction is a
        // savepoint in it: a product refused is rolled back alone, its error noted, and the file goes on.
        writing = tx as unknown as Db;
        let done = 0;
        for (const p of planned) {
          if (p.write) {
            try {
              await p.write();
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              issues.fromServer(p.group, error);
            }
          }
          done += p.group.rows.length;
          await run.onProgress?.(done, file.rows.length);
        }
        if (!run.apply || issues.any()) throw new RollBack();
        applied = true;
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
  }
  const changes = planned.map((p): ImportChange => ({ row: p.firstRow, name: p.name, skus: p.skus, action: p.action }));
  return issues.report(file.rows.length, changes, applied);
}

type Columns = Partial<Record<CatalogueColumn, number>>;

/** Each mapped column's index in the file; a header the file does not have is an error of the header row. */
function columnIndexes(file: CsvFile, mapping: ColumnMapping, issues: Issues): Columns {
  const columns: Columns = {};
  for (const [key, header] of Object.entries(mapping) as [CatalogueColumn, string | null][]) {
    if (!header) continue;
    const index = file.headers.indexOf(header);
    if (index < 0) issues.add(1, header, `The file has no column “${header}”`);
    else columns[key] = index;
  }
  for (const key of ALWAYS_NEEDED) {
    if (columns[key] === undefined)
      issues.add(1, HEADER[key], `Choose the column of ${HEADER[key]}: the import finds sizes by it`);
  }
  return columns;
}

/** New products need the product form's required fields: a file adding one must have their columns. */
function checkNeededColumns(groups: Group[], columns: Columns, issues: Issues) {
  if (!groups.some((g) => !g.existing && g.rows.some((r) => !r.archived))) return;
  const needed: CatalogueColumn[] = [...NEEDED_TO_ADD];
  if (columns.price === undefined && columns.cost === undefined) needed.push('price');
  if (columns.stock === undefined && columns.draws === undefined) needed.push('stock');
  if (columns.size === undefined) needed.push('size');
  for (const key of needed) {
    if (columns[key] === undefined)
      issues.add(1, HEADER[key], `Choose the column of ${HEADER[key]}: new products need it`);
  }
}

/**
 * The file's rows by product: a row's Product names its product (a SKU of a listed product names that one, any other
 * text a new product); without one, a SKU of a listed size belongs to its product and a new SKU is a product alone.
 * A SKU twice in the file, or a listed product's SKU under another product, is an error of its row.
 */
function groupRows(file: CsvFile, columns: Columns, listed: ShopProduct[], issues: Issues): Group[] {
  const bySku = new Map<string, ShopProduct>();
  for (const p of listed) for (const o of p.options) bySku.set(o.sku.toLowerCase(), p);
  const groups = new Map<string, Group>();
  const seen = new Set<string>();
  file.rows.forEach((cells, i) => {
    const row = i + 2;
    const text = Object.fromEntries(
      Object.entries(columns).map(([key, index]) => [key, cells[index as number]]),
    ) as Partial<CatalogueRow>;
    const sku = (text.sku ?? '').trim();
    if (columns.sku === undefined) return;
    if (!sku) {
      issues.add(row, 'sku', 'Give each row its SKU: the import finds sizes by it');
      return;
    }
    if (seen.has(sku.toLowerCase())) {
      issues.add(row, 'sku', OPTION_SKU_TWICE);
      return;
    }
    seen.add(sku.toLowerCase());
    const archive = text.archive === undefined ? undefined : cellValue('archive', text.archive, file.separator);
    if (archive?.bad) issues.add(row, 'archive', archive.bad);
    const owner = bySku.get(sku.toLowerCase());
    const named = (text.product ?? '').trim();
    const namedProduct = named ? bySku.get(named.toLowerCase()) : owner;
    const key = namedProduct ? `p:${namedProduct.id}` : `k:${named.toLowerCase() || sku.toLowerCase()}`;
    if (owner && owner !== namedProduct) {
      issues.add(row, 'sku', SKU_TAKEN);
      return;
    }
    const group = groups.get(key) ?? { rows: [], existing: namedProduct };
    group.rows.push({ row, cells: text, sku, archived: archive?.value === true });
    groups.set(key, group);
  });
  return [...groups.values()];
}

/**
 * What the file does to one product, checked by the product form's schema: the input built from its rows (the listed
 * product's own values for the columns the file leaves out, and its sizes the file does not name kept after the
 * file's), the action, and the write that makes it.
 */
function planGroup(
  group: Group,
  file: CsvFile,
  columns: Columns,
  run: ImportRun,
  issues: Issues,
  db: () => Db,
): Planned {
  const { existing } = group;
  const kept = group.rows.filter((r) => !r.archived);
  const named = new Set(group.rows.map((r) => r.sku.toLowerCase()));
  const before = existing?.rows ?? [];
  const beforeOf = (sku: string) => before.find((r) => r.sku.toLowerCase() === sku.toLowerCase());
  const others = before.filter((r) => !named.has(r.sku.toLowerCase()));
  const firstRow = group.rows[0].row;
  // product-service reads only the vendor's id (the admin imports as the shop's vendor).
  const vendor = { id: run.vendorId } as AuthUser;
  const base = { group, firstRow, skus: group.rows.map((r) => r.sku) };

  if (!existing && kept.length === 0) return { ...base, action: 'unchanged', name: group.rows[0].cells.name ?? '' };
  if (existing && kept.length === 0 && others.length === 0) {
    return { ...base, action: 'archive', name: before[0].name, write: () => unlistProduct(db(), vendor, existing.id) };
  }

  // The sizes as written: the file's (over the listed values of the columns it leaves out), then the others kept.
  const sizes = [
    ...kept.map((r) => ({ row: r.row, text: fill(r.cells, beforeOf(r.sku), before[0]), separator: file.separator })),
    ...others.map((r) => ({ row: firstRow, text: r, separator: ',' as const })),
  ];
  agreeOnProduct(sizes, issues);
  if (existing && sizes[0].text.category?.trim().toLowerCase() !== existing.category) {
    issues.add(sizes[0].row, 'category', 'A listed product keeps its category: add it as a new product instead');
  }

  const value = (size: (typeof sizes)[number], column: CatalogueColumn) => {
    const text = size.text[column];
    if (text === undefined) return undefined;
    const cell = cellValue(column, text, size.separator);
    if (cell.bad) issues.add(size.row, column, cell.bad);
    return cell.value;
  };
  const first = sizes[0];
  const shared = sizes.some((s) => (s.text.draws ?? '').trim() !== '');
  const input: Record<string, unknown> = { stockShared: shared };
  for (const [column, field] of Object.entries(PRODUCT_FIELDS) as [CatalogueColumn, string][]) {
    const v = value(first, column);
    if (v !== undefined) input[field] = v;
  }
  if (!shared) delete input.productQuantity;
  input.options = sizes.map((size) => {
    const option: Record<string, unknown> = {};
    const was = existing?.options.find((o) => o.sku.toLowerCase() === (size.text.sku ?? '').toLowerCase());
    if (was) option._id = was.id;
    for (const [column, field] of Object.entries(OPTION_FIELDS) as [CatalogueColumn, string][]) {
      const v = value(size, column);
      if (v !== undefined) option[field] = v;
    }
    if (
      columns.price !== undefined &&
      columns.pricing === undefined &&
      columns.cost === undefined &&
      columns.margin === undefined
    ) {
      option.pricing = 'price';
    }
    if (shared) delete option.stock;
    else delete option.draws;
    return option;
  });

  const name = first.text.name ?? '';
  const parsed = existing ? productEditInput.safeParse(input) : productInput.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) issues.fromPath(sizes, issue.path, issue.message);
    return { ...base, action: existing ? 'update' : 'create', name };
  }
  if (!existing) {
    const data = parsed.data as typeof productInput._output;
    return { ...base, action: 'create', name, write: () => createProduct(db(), vendor, data, run.now) };
  }
  const same =
    sizes.length === before.length &&
    sizes.every((size, i) =>
      CATALOGUE_COLUMNS.every(
        ({ key }) =>
          key === 'archive' ||
          key === 'product' ||
          sameValue(key, size.text[key] ?? '', size.separator, before[i][key], ','),
      ),
    );
  if (same) return { ...base, action: 'unchanged', name };
  const data = parsed.data as typeof productEditInput._output;
  return { ...base, action: 'update', name, write: () => editProduct(db(), vendor, existing.id, data) };
}

/**
 * A row's cells over its listed size's (the columns the file leaves out keep their values); a new size of a listed
 * product over the product's own columns; a new product's as given.
 */
function fill(cells: Partial<CatalogueRow>, was: CatalogueRow | undefined, product: CatalogueRow | undefined) {
  const given = Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== undefined));
  if (was) return { ...was, ...given };
  const own = product ? Object.fromEntries(PRODUCT_COLUMNS.map((c) => [c, product[c]])) : {};
  return { ...own, ...given } as Partial<CatalogueRow>;
}

/** Every row of a product gives the same product fields: a row that differs from its first is an error of its own. */
function agreeOnProduct(sizes: { row: number; text: Partial<CatalogueRow>; separator: ',' | ';' }[], issues: Issues) {
  const [first, ...rest] = sizes;
  for (const size of rest) {
    if (size.row === first.row) continue;
    for (const column of PRODUCT_COLUMNS) {
      const a = first.text[column];
      const b = size.text[column];
      if (a === undefined || b === undefined || sameValue(column, a, first.separator, b, size.separator)) continue;
      issues.add(
        size.row,
        column,
        `Every row of a product gives the same ${HEADER[column]}: row ${first.row} gives “${a}”`,
      );
    }
  }
}

/** A file that would list more products than the shop's plan holds is refused with the plan's reason. */
async function checkPlanLimit(db: Db, run: ImportRun, planned: Planned[], issues: Issues) {
  const adding = planned.filter((p) => p.action === 'create').length;
  if (adding === 0) return;
  const allowance = await vendorAllowance(db, run.vendorId, run.now);
  const archiving = planned.filter((p) => p.action === 'archive').length;
  if (allowance.limit === null || allowance.productCount - archiving + adding <= allowance.limit) return;
  const plan = await planOfShop(db, run.vendorId, run.now);
  const reason = productLimitMessage(plan, await premiumPlan(db));
  issues.add(
    1,
    '',
    `${reason} This file adds ${adding} products to the ${allowance.productCount} listed (at most ${allowance.limit}).`,
  );
}

/** The file's errors, one per row and column (the first found), in row order. */
class Issues {
  private readonly found = new Map<string, ImportIssue>();
  private readonly mapping: ColumnMapping;
  constructor(mapping: ColumnMapping) {
    this.mapping = mapping;
  }

  /** An error of a row's column (a column key is shown as the file's header for it, or the export's header). */
  add(row: number, column: string, message: string) {
    const key = column as CatalogueColumn;
    const shown = key in HEADER ? (this.mapping[key] ?? HEADER[key]) : column;
    const id = `${row}|${shown}`;
    if (!this.found.has(id)) this.found.set(id, { row, column: shown, message });
  }

  /** A schema's issue at `path` (`productName`, `options.1.sku`): on that size's row, else the product's first row. */
  fromPath(sizes: { row: number }[], path: readonly PropertyKey[], message: string) {
    const [head, index, field] = path;
    if (head === 'options' && typeof index === 'number') {
      this.add(sizes[index]?.row ?? sizes[0].row, COLUMN_OF_FIELD[String(field)] ?? 'size', message);
    } else {
      this.add(sizes[0].row, COLUMN_OF_FIELD[String(head)] ?? String(head ?? ''), message);
    }
  }

  /** A refusal of product-service (a SKU taken, an expiry passed, a farm's ZIP not placed): on its fields' rows. */
  fromServer(group: Group, error: AppError) {
    const kept = group.rows.filter((r) => !r.archived);
    const rows = kept.length > 0 ? kept : group.rows;
    const fields = Object.entries(error.fields ?? {});
    if (fields.length === 0) this.add(rows[0].row, '', error.message);
    for (const [path, message] of fields)
      this.fromPath(
        rows,
        path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message,
      );
  }

  any() {
    return this.found.size > 0;
  }

  /** Whether the header row has an error (a column missing or not found). */
  onHeader() {
    return [...this.found.values()].some((issue) => issue.row === 1);
  }

  report(rows: number, changes: ImportChange[], applied: boolean): ImportReport {
    const counts = { create: 0, update: 0, archive: 0, unchanged: 0 };
    for (const change of changes) counts[change.action]++;
    const errors = [...this.found.values()].sort((a, b) => a.row - b.row);
    return { rows, applied, errors, changes, counts };
  }
}

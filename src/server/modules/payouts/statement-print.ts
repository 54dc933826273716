import { dollarsText } from '#contract/plain-format.ts';
import { csvCell } from '../../csv.ts';
import { block, type DocOptions, gap, newPdf, sideBySide, type TableLook, table, totals } from '../../pdf.ts';

/**
 * A statement as it is printed, PDF or CSV: plain data only (no functions), so that a worker thread can lay it out
 * (decision 057). statement.ts makes it from the month's ledger; this file imports nothing of the database.
 */

/** One row of a statement. Amounts in cents; null where the column says nothing for this kind of row. */
export type StatementRow = {
  date: Date;
  /** The date in the marketplace's time zone (YYYY-MM-DD). */
  day: string;
  kind: 'Sale' | 'Delivery' | 'Order fee' | 'Refund' | 'Transfer' | 'Reversal';
  orderId: string;
  /** The order's FS- number, as the shop knows the order from its lists and packing slips. */
  orderNumber: string;
  product: string;
  quantity: string;
  /** What the buyer paid (a refund: what was given back, negative). */
  paidCents: number | null;
  /** A sale's tax rate and tax, a refund's tax given back: collected and remitted by Farmstall, outside the sums. */
  taxRate: string;
  taxCents: number | null;
  commissionRate: string;
  /** The marketplace's commission (a refund: the commission it gave back, negative). */
  commissionCents: number | null;
  /** What the shop earned by this row: paid − commission. */
  netCents: number | null;
  /** What moved to (or back from) the shop's account. */
  payoutCents: number | null;
};

/** What a statement prints: its month and zone, the shop, the rows, the totals (label, cents) and the tax lines. */
export type StatementPrint = {
  month: string;
  timeZone: string;
  shopName: string;
  rows: StatementRow[];
  /** The totals in the order of the identity they make. */
  totals: [string, number][];
  /** The tax per rate and the tax given back: outside the identity. */
  tax: [string, number][];
  reconciles: boolean;
};

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The statement's columns: a header and how each row fills it (text, or cents shown in dollars). */
export const STATEMENT_COLUMNS: { header: string; cell: (row: StatementRow) => string | { cents: number } | null }[] = [
  { header: 'Date', cell: (row) => row.day },
  { header: 'Type', cell: (row) => row.kind },
  { header: 'Order', cell: (row) => row.orderNumber },
  { header: 'Product', cell: (row) => row.product },
  { header: 'Quantity', cell: (row) => row.quantity },
  { header: 'Price paid', cell: (row) => (row.paidCents === null ? null : { cents: row.paidCents }) },
  { header: 'Tax rate', cell: (row) => row.taxRate },
  { header: 'Tax (remitted by Farmstall)', cell: (row) => (row.taxCents === null ? null : { cents: row.taxCents }) },
  { header: 'Commission rate', cell: (row) => row.commissionRate },
  { header: 'Commission', cell: (row) => (row.commissionCents === null ? null : { cents: row.commissionCents }) },
  { header: 'Net to you', cell: (row) => (row.netCents === null ? null : { cents: row.netCents }) },
  { header: 'Paid to your account', cell: (row) => (row.payoutCents === null ? null : { cents: row.payoutCents }) },
];

const IDENTITY =
  'Owed at the start + sales - commission - refunds + commission given back = paid to your account + owed at the end';

/** The statement as CSV (RFC 4180, CRLF): a header row, a row per ledger entry, then the totals and the identity. */
export function statementPrintCsv(print: StatementPrint): string {
  const cell = (value: string | { cents: number } | null) =>
    value !== null && typeof value === 'object' ? dollars(value.cents) : csvCell(value);
  const width = STATEMENT_COLUMNS.length;
  const labelled = (label: string, cents: number) => [csvCell(label), ...Array(width - 2).fill(''), dollars(cents)];
  const lines = [
    STATEMENT_COLUMNS.map((column) => csvCell(column.header)),
    ...print.rows.map((row) => STATEMENT_COLUMNS.map((column) => cell(column.cell(row)))),
    [],
    ...print.totals.map(([label, cents]) => labelled(`Total: ${label}`, cents)),
    [csvCell(`${IDENTITY}: ${print.reconciles ? 'reconciles' : 'DOES NOT RECONCILE'}`)],
    ...print.tax.map(([label, cents]) => labelled(`Total: ${label}`, cents)),
  ];
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** An amount as the PDF prints it, grouped for reading: "1,234,567.89", "-5.00" (the CSV keeps "1234567.89"). */
const printed = (cents: number) => dollarsText(cents).replace('$', '');

/** The statement's wide table: 8-point type, 3 points inside each cell. */
const STATEMENT_TABLE: TableLook = { fontSize: 8, pad: 3 };
/** The statement's columns that hold figures: right-aligned, never wrapped. */
const FIGURES = new Set([
  'Price paid',
  'Tax rate',
  'Tax (remitted by Farmstall)',
  'Commission rate',
  'Commission',
  'Net to you',
  'Paid to your account',
]);

/** The statement as a PDF (landscape, the marketplace's paper), in the invoice's look: the shop and month, the rows, the totals. */
export function renderStatementPrintPdf(
  print: StatementPrint,
  options: DocOptions = { paper: 'letter' },
): Promise<Buffer> {
  const { rows, shopName } = print;
  const { doc, finish } = newPdf(`Farmstall statement ${print.month} · ${shopName}`, 'Farmstall', {
    ...options,
    layout: 'landscape',
    margin: 40,
  });
  sideBySide(
    doc,
    [
      { text: 'Farmstall', style: 'title' },
      { text: `Payout statement for ${shopName}`, style: 'muted' },
      { text: `Dates in ${print.timeZone}; amounts in US dollars`, style: 'muted' },
    ],
    [{ text: 'STATEMENT', style: 'subtitle' }, `Month: ${print.month}`],
  );
  gap(doc, 16);

  if (rows.length === 0) block(doc, ['Nothing was delivered, refunded or paid out this month.']);
  else
    table(
      doc,
      STATEMENT_COLUMNS.map((column) => ({
        header: column.header,
        numeric: FIGURES.has(column.header),
        keep: ['Date', 'Type', 'Order', 'Quantity'].includes(column.header),
        grow: column.header === 'Product' ? 1 : 0,
        share: column.header === 'Product' ? 0.2 : 0,
      })),
      rows.map((row) =>
        STATEMENT_COLUMNS.map((column) => {
          const value = column.cell(row);
          return value !== null && typeof value === 'object' ? printed(value.cents) : (value ?? '');
        }),
      ),
      STATEMENT_TABLE,
    );

  gap(doc, 14);
  totals(
    doc,
    [...print.totals, ...print.tax].map(([label, cents]) => ({ label, value: printed(cents) })),
  );
  gap(doc, 6);
  block(doc, [{ text: `${IDENTITY}: ${print.reconciles ? 'reconciles' : 'DOES NOT RECONCILE'}.`, style: 'muted' }]);
  return finish();
}

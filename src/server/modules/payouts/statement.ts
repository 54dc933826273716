import { formatDollars } from '#contract/money.ts';
import { dollarsText } from '#contract/plain-format.ts';
import { taxByRate } from '#contract/tax.ts';
import { formatWeight } from '#contract/vendor-week.ts';
import { csvCell } from '../../csv.ts';
import { block, type DocOptions, gap, newPdf, sideBySide, type TableLook, table, totals } from '../../pdf.ts';
import { daySeen, type SoldLine, type StatementData } from './shop-payouts.ts';

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

const NO_TAX = { taxRate: '', taxCents: null };
const dollars = (cents: number) => (cents / 100).toFixed(2);
const percentOf = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
const lineCommission = (line: SoldLine) => Math.round((line.paidCents * line.commissionBps) / 10_000);
const quantityOf = (line: SoldLine) =>
  line.grams === null ? String(line.amount) : `${line.amount} (${formatWeight(line.grams, line.weighed)})`;

const PAYOUT_PRODUCTS = {
  Transfer: 'Sent to your payout account',
  Reversal: 'Taken back from a transfer for a refund',
} as const;

/** A row of money that reached the shop's account (a transfer) or was taken back from it (a reversal, negative). */
const payoutRow = (kind: keyof typeof PAYOUT_PRODUCTS, date: Date, orderId: string, payoutCents: number) => ({
  date,
  kind,
  orderId,
  product: PAYOUT_PRODUCTS[kind],
  quantity: '',
  paidCents: null,
  ...NO_TAX,
  commissionRate: '',
  commissionCents: null,
  netCents: null,
  payoutCents,
});

/**
 * The statement's rows, oldest first: each part delivered in the month (its lines, delivery fee and the order's fee),
 * the refunds after delivery recorded in it, and the transfers and reversals that reached the shop's account in it.
 */
export function statementRows(data: StatementData, numberOf: Map<string, string>): StatementRow[] {
  const rows: Omit<StatementRow, 'day' | 'orderNumber'>[] = [];
  for (const transfer of data.recorded) {
    const base = { date: transfer.createdAt, orderId: transfer.orderId, payoutCents: null };
    const lines = data.lines.filter((line) => line.orderId === transfer.orderId);
    for (const line of lines) {
      const commission = lineCommission(line);
      rows.push({
        ...base,
        kind: 'Sale',
        product: line.itemName,
        quantity: quantityOf(line),
        paidCents: line.paidCents,
        taxRate: percentOf(line.taxBps),
        taxCents: line.taxCents,
        commissionRate: percentOf(line.commissionBps),
        commissionCents: commission,
        netCents: line.paidCents - commission,
      });
    }
    if (transfer.deliveryCents > 0) {
      const cents = transfer.deliveryCents;
      const delivery = { ...NO_TAX, product: 'Delivery fee', quantity: '', commissionRate: '', commissionCents: 0 };
      rows.push({ ...base, ...delivery, kind: 'Delivery', paidCents: cents, netCents: cents });
    }
    // The order's fixed fee, and what the cap at the goods takes off the commission: the transfer's own figure.
    const fee = transfer.commissionCents - lines.reduce((sum, line) => sum + lineCommission(line), 0);
    if (fee !== 0) {
      const empty = { ...NO_TAX, product: 'Fee per order', quantity: '', commissionRate: '', paidCents: 0 };
      rows.push({ ...base, ...empty, kind: 'Order fee', commissionCents: fee, netCents: -fee });
    }
  }
  for (const reversal of data.ledger.reversals) {
    if (!data.inPeriod(reversal.createdAt)) continue;
    rows.push({
      date: reversal.createdAt,
      kind: 'Refund',
      orderId: reversal.orderId,
      product: 'Refund after delivery',
      quantity: '',
      paidCents: -(reversal.amountCents + reversal.commissionCents),
      taxRate: '',
      taxCents: -reversal.taxCents,
      commissionRate: '',
      commissionCents: -reversal.commissionCents,
      netCents: -reversal.amountCents,
      payoutCents: null,
    });
  }
  for (const transfer of data.ledger.transfers) {
    if (!transfer.succeededAt || !data.inPeriod(transfer.succeededAt) || transfer.amountCents === 0) continue;
    rows.push(payoutRow('Transfer', transfer.succeededAt, transfer.orderId, transfer.amountCents));
  }
  for (const reversal of data.ledger.reversals) {
    if (!reversal.succeededAt || !data.inPeriod(reversal.succeededAt) || reversal.amountCents === 0) continue;
    rows.push(payoutRow('Reversal', reversal.succeededAt, reversal.orderId, -reversal.amountCents));
  }
  return rows
    .sort((a, b) => a.date.getTime() - b.date.getTime())
    .map((row) => ({ ...row, orderNumber: numberOf.get(row.orderId) ?? '', day: daySeen(row.date, data.timeZone) }));
}

/** The orders a statement's rows name. */
export const statementOrderIds = (data: StatementData) =>
  [...data.recorded, ...data.ledger.reversals, ...data.ledger.transfers].map((entry) => entry.orderId);

/** The statement's totals, and whether they reconcile: opening + sales − commission − refunds = paid out + closing. */
export function statementTotals(data: StatementData, rows: StatementRow[]) {
  const sum = (kinds: StatementRow['kind'][], pick: (row: StatementRow) => number | null) =>
    rows.filter((row) => kinds.includes(row.kind)).reduce((total, row) => total + (pick(row) ?? 0), 0);
  const salesCents = sum(['Sale', 'Delivery'], (row) => row.paidCents);
  const commissionCents = sum(['Sale', 'Delivery', 'Order fee'], (row) => row.commissionCents);
  const refundsCents = -sum(['Refund'], (row) => row.paidCents);
  const commissionBackCents = -sum(['Refund'], (row) => row.commissionCents);
  const paidOutCents = sum(['Transfer', 'Reversal'], (row) => row.payoutCents);
  const earnedCents = salesCents - commissionCents - (refundsCents - commissionBackCents);
  return {
    openingUnpaidCents: data.openingUnpaidCents,
    salesCents,
    commissionCents,
    refundsCents,
    commissionBackCents,
    earnedCents,
    paidOutCents,
    closingUnpaidCents: data.closingUnpaidCents,
    reconciles: data.openingUnpaidCents + earnedCents === paidOutCents + data.closingUnpaidCents,
  };
}
export type StatementTotals = ReturnType<typeof statementTotals>;

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

/** The totals as label and cents, in the order of the identity they make. */
function totalLines(totals: StatementTotals): [string, number][] {
  return [
    ['Owed at the start of the month (not yet in your account)', totals.openingUnpaidCents],
    ['Sales (goods and delivery)', totals.salesCents],
    ['Commission', totals.commissionCents],
    ['Refunds after delivery', totals.refundsCents],
    ['Commission given back on refunds', totals.commissionBackCents],
    ['Paid to your account (transfers less reversals)', totals.paidOutCents],
    ['Owed at the end of the month (not yet in your account)', totals.closingUnpaidCents],
  ];
}

/**
 * The tax on the month's sales per rate and the tax given back with its refunds: collected and remitted by the
 * marketplace (decision 028), so outside the identity; none when nothing sold was taxed.
 */
function taxLines(data: StatementData): [string, number][] {
  const rates = taxByRate(
    data.lines.map((line) => ({ baseCents: line.paidCents, bps: line.taxBps, taxCents: line.taxCents })),
  );
  const back = data.ledger.reversals
    .filter((reversal) => data.inPeriod(reversal.createdAt))
    .reduce((sum, reversal) => sum + reversal.taxCents, 0);
  return [
    ...rates.map((rate): [string, number] => [
      `Tax ${rate.percent}% on ${formatDollars(rate.base)} of sales, collected and remitted by Farmstall`,
      Math.round(rate.tax * 100),
    ]),
    ...(rates.length > 0 || back > 0 ? [['Tax given back on refunds', back] as [string, number]] : []),
  ];
}

const IDENTITY =
  'Owed at the start + sales - commission - refunds + commission given back = paid to your account + owed at the end';

/** The statement as CSV (RFC 4180, CRLF): a header row, a row per ledger entry, then the totals and the identity. */
export function statementCsv(data: StatementData, rows: StatementRow[]): string {
  const totals = statementTotals(data, rows);
  const cell = (value: string | { cents: number } | null) =>
    value !== null && typeof value === 'object' ? dollars(value.cents) : csvCell(value);
  const width = STATEMENT_COLUMNS.length;
  const labelled = (label: string, cents: number) => [csvCell(label), ...Array(width - 2).fill(''), dollars(cents)];
  const lines = [
    STATEMENT_COLUMNS.map((column) => csvCell(column.header)),
    ...rows.map((row) => STATEMENT_COLUMNS.map((column) => cell(column.cell(row)))),
    [],
    ...totalLines(totals).map(([label, cents]) => labelled(`Total: ${label}`, cents)),
    [csvCell(`${IDENTITY}: ${totals.reconciles ? 'reconciles' : 'DOES NOT RECONCILE'}`)],
    ...taxLines(data).map(([label, cents]) => labelled(`Total: ${label}`, cents)),
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
export function renderStatementPdf(
  data: StatementData,
  rows: StatementRow[],
  shopName: string,
  options: DocOptions = { paper: 'letter' },
): Promise<Buffer> {
  const totalsOf = statementTotals(data, rows);
  const { doc, finish } = newPdf(`Farmstall statement ${data.month} · ${shopName}`, 'Farmstall', {
    ...options,
    layout: 'landscape',
    margin: 40,
  });
  sideBySide(
    doc,
    [
      { text: 'Farmstall', style: 'title' },
      { text: `Payout statement for ${shopName}`, style: 'muted' },
      { text: `Dates in ${data.timeZone}; amounts in US dollars`, style: 'muted' },
    ],
    [{ text: 'STATEMENT', style: 'subtitle' }, `Month: ${data.month}`],
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
    [...totalLines(totalsOf), ...taxLines(data)].map(([label, cents]) => ({ label, value: printed(cents) })),
  );
  gap(doc, 6);
  block(doc, [{ text: `${IDENTITY}: ${totalsOf.reconciles ? 'reconciles' : 'DOES NOT RECONCILE'}.`, style: 'muted' }]);
  return finish();
}

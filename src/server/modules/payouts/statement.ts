import { formatDollars } from '#contract/money.ts';
import { taxByRate } from '#contract/tax.ts';
import { formatWeight } from '#contract/vendor-week.ts';
import type { DocOptions } from '../../pdf.ts';
import { daySeen, type SoldLine, type StatementData } from './shop-payouts.ts';
import {
  renderStatementPrintPdf,
  type StatementPrint,
  type StatementRow,
  statementPrintCsv,
} from './statement-print.ts';

export { STATEMENT_COLUMNS, type StatementPrint, type StatementRow } from './statement-print.ts';

const NO_TAX = { taxRate: '', taxCents: null };
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

/** What the statement prints, as plain data a worker thread can lay out (decision 057). */
export function statementPrint(data: StatementData, rows: StatementRow[], shopName: string): StatementPrint {
  const totals = statementTotals(data, rows);
  return {
    month: data.month,
    timeZone: data.timeZone,
    shopName,
    rows,
    totals: totalLines(totals),
    tax: taxLines(data),
    reconciles: totals.reconciles,
  };
}

/** The statement as CSV (RFC 4180, CRLF): a header row, a row per ledger entry, then the totals and the identity. */
export const statementCsv = (data: StatementData, rows: StatementRow[]): string =>
  statementPrintCsv(statementPrint(data, rows, ''));

/** The statement as a PDF (landscape, the marketplace's paper): the shop and month, the rows, the totals. */
export const renderStatementPdf = (
  data: StatementData,
  rows: StatementRow[],
  shopName: string,
  options: DocOptions = { paper: 'letter' },
): Promise<Buffer> => renderStatementPrintPdf(statementPrint(data, rows, shopName), options);

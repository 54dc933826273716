import type { Invoice } from '#contract/orders.ts';
import type { SlotSheet } from '#contract/vendor-week.ts';
import { renderInvoicePdf } from '../modules/orders/invoice-pdf.ts';
import {
  packingSlipsCsv,
  pickListCsv,
  renderPackingSlipsPdf,
  renderPickListPdf,
} from '../modules/orders/slot-sheets.ts';
import { renderStatementPrintPdf, type StatementPrint, statementPrintCsv } from '../modules/payouts/statement-print.ts';
import type { DocOptions } from '../pdf.ts';

/**
 * The task entry of the render pool's worker threads (decision 057): a PDF or CSV from plain data the request
 * gathered, as bytes. Node loads this file itself (type stripping), under `npm start` as under vitest: it and what
 * it imports use only erasable TypeScript and import nothing of the database.
 */
export type RenderTask =
  | { kind: 'invoice-pdf'; invoice: Invoice; options: DocOptions }
  | { kind: 'pick-list-pdf' | 'packing-slips-pdf'; sheet: SlotSheet; options: DocOptions }
  | { kind: 'pick-list-csv' | 'packing-slips-csv'; sheet: SlotSheet }
  | { kind: 'statement-pdf'; print: StatementPrint; options: DocOptions }
  | { kind: 'statement-csv'; print: StatementPrint };

/** Renders one task in this thread; the pool calls it in a worker, a test may call it directly. */
export async function renderTask(task: RenderTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'invoice-pdf':
      return renderInvoicePdf(task.invoice, task.options);
    case 'pick-list-pdf':
      return renderPickListPdf(task.sheet, task.options);
    case 'packing-slips-pdf':
      return renderPackingSlipsPdf(task.sheet, task.options);
    case 'pick-list-csv':
      return Buffer.from(pickListCsv(task.sheet));
    case 'packing-slips-csv':
      return Buffer.from(packingSlipsCsv(task.sheet));
    case 'statement-pdf':
      return renderStatementPrintPdf(task.print, task.options);
    case 'statement-csv':
      return Buffer.from(statementPrintCsv(task.print));
  }
}

export default renderTask;

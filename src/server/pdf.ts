import PDFDocument from 'pdfkit';

/**
 * A PDF document (A4, 50-point margins, portrait unless `page` says otherwise) and the promise of its bytes once
 * `end()` is called.
 */
export function newPdf(
  title: string,
  author: string,
  page: { layout?: 'portrait' | 'landscape'; margin?: number } = {},
) {
  const doc = new PDFDocument({ size: 'A4', margin: 50, ...page, info: { Title: title, Author: author } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** A table column: its heading, where it starts and how wide it is (points), and how its cells align. */
export type PdfColumn = { label: string; x: number; w: number; align: 'left' | 'right' };

/**
 * How a table is set: the heading's type size, the green band behind it (from `above` points over the heading's
 * top, `height` high) and where the first row goes below it; `pad` points inside each cell's edges, and twice that
 * between rows, the rule halfway.
 */
export type TableLook = { fontSize: number; band: { above: number; height: number }; firstRow: number; pad: number };

/** The invoice's and the pick list's tables. */
export const PLAIN_TABLE: TableLook = { fontSize: 10, band: { above: 6, height: 22 }, firstRow: 24, pad: 4 };

/** The table's heading row on a green band at `y`, across `width` from `left`; returns where the first row goes. */
export function tableHeading(
  doc: PDFKit.PDFDocument,
  columns: PdfColumn[],
  left: number,
  width: number,
  y: number,
  look = PLAIN_TABLE,
) {
  doc.rect(left, y - look.band.above, width, look.band.height).fill('#e8f3ec');
  doc.fillColor('black').font('Helvetica-Bold').fontSize(look.fontSize);
  for (const c of columns) doc.text(c.label, c.x + look.pad, y, { width: c.w - 2 * look.pad, align: c.align });
  doc.font('Helvetica');
  return y + look.firstRow;
}

/** How tall a row of these cells is, the tallest cell's text in its column. */
export const rowHeight = (doc: PDFKit.PDFDocument, columns: PdfColumn[], cells: string[], look = PLAIN_TABLE) =>
  Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: columns[i].w - 2 * look.pad })));

/** One row's cells at `y`, each in its column (`pad` points in from either edge). */
export function tableRow(
  doc: PDFKit.PDFDocument,
  columns: PdfColumn[],
  cells: string[],
  y: number,
  look = PLAIN_TABLE,
) {
  cells.forEach((text, i) => {
    doc.text(text, columns[i].x + look.pad, y, { width: columns[i].w - 2 * look.pad, align: columns[i].align });
  });
}

/** A grey rule under a row that ends at `rowBottom`, across `width` from `left`; returns where the next row goes. */
export function ruleUnder(doc: PDFKit.PDFDocument, left: number, width: number, rowBottom: number, look = PLAIN_TABLE) {
  const next = rowBottom + 2 * look.pad;
  doc
    .moveTo(left, next - look.pad)
    .lineTo(left + width, next - look.pad)
    .strokeColor('#dddddd')
    .stroke();
  return next;
}

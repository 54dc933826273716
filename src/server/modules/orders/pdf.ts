import PDFDocument from 'pdfkit';

/** A PDF document (A4) and the promise of its bytes once `end()` is called. */
export function newPdf(title: string, author: string) {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: author } });
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

/** The table's heading row on a green band at `y`, across `width` from `left`; returns where the first row goes. */
export function tableHeading(doc: PDFKit.PDFDocument, columns: PdfColumn[], left: number, width: number, y: number) {
  doc.rect(left, y - 6, width, 22).fill('#e8f3ec');
  doc.fillColor('black').font('Helvetica-Bold').fontSize(10);
  for (const c of columns) doc.text(c.label, c.x + 4, y, { width: c.w - 8, align: c.align });
  doc.font('Helvetica');
  return y + 24;
}

/** One row's cells at `y`, each in its column (4 points in from either edge). */
export function tableRow(doc: PDFKit.PDFDocument, columns: PdfColumn[], cells: string[], y: number) {
  cells.forEach((text, i) => {
    doc.text(text, columns[i].x + 4, y, { width: columns[i].w - 8, align: columns[i].align });
  });
}

import PDFDocument from 'pdfkit';
import type { PaperSize } from '#contract/paper.ts';

/**
 * The one layout code of every PDF the marketplace prints (decision 054): a document on the marketplace's paper with
 * a page-number footer, blocks of text, side-by-side blocks, tables whose columns are sized from their content, and
 * right-aligned totals. The documents only say what to print; nothing here or there places text by hand-picked
 * coordinates. PDFKit's standard fonts (Helvetica) are built in: nothing is fetched at run time.
 */

/** What a document needs to know of the marketplace's settings: the paper, US Letter (the default) or A4. */
export type DocOptions = { paper: PaperSize };

const PAPER = { letter: 'LETTER', a4: 'A4' } as const;

export const GREEN = '#1f7a3a';
export const GREY = '#555555';
const BAND = '#e8f3ec';
const RULE = '#dddddd';
/** Room kept under the body for the footer. */
const FOOTER = 18;

/**
 * A PDF document (portrait unless `page` says otherwise, 50-point margins) and `finish()`, which prints each page's
 * footer ("<title> · Page 2 of 3"), ends the document and gives its bytes.
 */
export function newPdf(
  title: string,
  author: string,
  page: DocOptions & { layout?: 'portrait' | 'landscape'; margin?: number },
) {
  const margin = page.margin ?? 50;
  const doc = new PDFDocument({
    size: PAPER[page.paper],
    layout: page.layout ?? 'portrait',
    margins: { top: margin, left: margin, right: margin, bottom: margin + FOOTER },
    bufferPages: true,
    info: { Title: title, Author: author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const finish = () => {
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0; // the footer sits in the margin: no new page for it
      style(doc, 'note').text(`${title} · Page ${i + 1} of ${count}`, doc.page.margins.left, doc.page.height - margin, {
        width: bodyWidth(doc),
        align: 'center',
        lineBreak: false,
      });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return bytes;
  };
  return { doc, finish };
}

const bodyWidth = (doc: PDFKit.PDFDocument) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bodyBottom = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;

/** The documents' type styles. */
const STYLES = {
  title: { font: 'Helvetica-Bold', size: 22, color: GREEN },
  subtitle: { font: 'Helvetica-Bold', size: 16, color: 'black' },
  heading: { font: 'Helvetica-Bold', size: 11, color: 'black' },
  body: { font: 'Helvetica', size: 10, color: 'black' },
  strong: { font: 'Helvetica-Bold', size: 10, color: 'black' },
  muted: { font: 'Helvetica', size: 10, color: GREY },
  note: { font: 'Helvetica', size: 8, color: GREY },
  total: { font: 'Helvetica-Bold', size: 12, color: 'black' },
} as const;
export type TextStyle = keyof typeof STYLES;

function style(doc: PDFKit.PDFDocument, name: TextStyle, size?: number) {
  const s = STYLES[name];
  return doc
    .font(s.font)
    .fontSize(size ?? s.size)
    .fillColor(s.color);
}

/** A line of a text block: plain body text, or text in one of the styles. */
export type Line = string | { text: string; style: TextStyle };
const lineOf = (line: Line) => (typeof line === 'string' ? { text: line, style: 'body' as const } : line);

/** Starts a new page when fewer than `height` points are left on this one. */
export function keepRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > bodyBottom(doc)) doc.addPage();
}

/** Blank space of `points` (10 unless told) before what comes next. */
export function gap(doc: PDFKit.PDFDocument, points = 10) {
  doc.y += points;
  doc.x = doc.page.margins.left;
}

/** Lines across the page (or a part of it), one under the other, each wrapping at word boundaries. */
export function block(
  doc: PDFKit.PDFDocument,
  lines: Line[],
  area: { x?: number; width?: number; align?: 'left' | 'right' | 'center' } = {},
) {
  const x = area.x ?? doc.page.margins.left;
  const width = area.width ?? bodyWidth(doc);
  for (const line of lines.map(lineOf)) {
    if (line.text === '') continue;
    style(doc, line.style).text(line.text, x, doc.y, { width, align: area.align ?? 'left' });
  }
  doc.x = doc.page.margins.left;
}

/** Two blocks side by side from here (the right one right-aligned unless told), then on under the longer. */
export function sideBySide(
  doc: PDFKit.PDFDocument,
  left: Line[],
  right: Line[],
  rightAlign: 'left' | 'right' = 'right',
) {
  const top = doc.y;
  const half = (bodyWidth(doc) - 20) / 2;
  block(doc, left, { width: half });
  const leftBottom = doc.y;
  doc.y = top;
  block(doc, right, { x: doc.page.margins.left + half + 20, width: half, align: rightAlign });
  doc.y = Math.max(leftBottom, doc.y);
}

/** A section's heading and its lines, kept on one page with its first lines. */
export function section(doc: PDFKit.PDFDocument, heading: string, lines: Line[]) {
  keepRoom(doc, 60);
  block(doc, [{ text: heading, style: 'heading' }]);
  gap(doc, 3);
  block(doc, lines);
}

/**
 * A table cell: a text, or lines whose first is the cell's text and the rest details under it in grey. Text breaks
 * at spaces and line breaks only.
 */
export type Cell = string | string[];
/**
 * A column: its header, whether it holds figures (right-aligned, never wrapped), whether its cells are kept whole
 * (a date, an order number), its weight in sharing spare width (a name that may wrap) and the least share of the
 * page's width it takes when its content is that wide.
 */
export type Column = { header: string; numeric?: boolean; keep?: boolean; grow?: number; share?: number };
/** How a table is set: its type size and the room inside each cell's edges. */
export type TableLook = { fontSize: number; pad: number };
const PLAIN: TableLook = { fontSize: 10, pad: 4 };

const cellLines = (cell: Cell) => (Array.isArray(cell) ? cell : [cell]).flatMap((text) => text.split('\n'));
/** The pieces a line may break between: words, and the parts of a hyphenated word (PDFKit breaks after a hyphen). */
const words = (text: string) => text.split(/\s+|(?<=-)/).filter(Boolean);

/** How wide a header must be to take two lines at most, broken between words. */
function twoLineWidth(header: string, measure: (text: string) => number) {
  const parts = header.split(' ');
  let best = measure(header);
  for (let i = 1; i < parts.length; i++)
    best = Math.min(best, Math.max(measure(parts.slice(0, i).join(' ')), measure(parts.slice(i).join(' '))));
  return best;
}

/**
 * Column widths from their content: each column at least its longest word (a header or a figure whole), its
 * header on two lines at most and its share of the page when all columns fit so, at most its longest line. The room left goes first to the narrow columns, cheapest first, so
 * that their headers fit on one line, then to the columns that grow, in proportion to what each would still take;
 * room to spare beyond every longest line goes to the growing columns.
 */
function columnWidths(doc: PDFKit.PDFDocument, columns: Column[], rows: Cell[][], width: number, look: TableLook) {
  const measure = (text: string, bold: boolean) =>
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(look.fontSize)
      .widthOfString(text);
  // PDFKit measures a word with the space after it when it wraps a line: room for that space too.
  const room = 2 * look.pad + measure(' ', true) + 0.5;
  const bounds = columns.map((column, i) => {
    const headerWords = words(column.header).map((word) => measure(word, true));
    let least = Math.max(0, ...headerWords);
    let most = measure(column.header, true);
    for (const row of rows) {
      for (const text of cellLines(row[i] ?? '')) {
        const whole = measure(text, false);
        most = Math.max(most, whole);
        least = Math.max(
          least,
          column.numeric || column.keep ? whole : Math.max(0, ...words(text).map((w) => measure(w, false))),
        );
      }
    }
    most += room;
    return { least: least + room, most, twoLines: twoLineWidth(column.header, (text) => measure(text, true)) + room };
  });
  const sumOf = (list: number[]) => list.reduce((t, w) => t + w, 0);
  // Headers on at most two lines, when all of them fit so.
  const twoLines = bounds.map((b) => Math.max(b.least, Math.min(b.most, b.twoLines)));
  if (sumOf(twoLines) <= width) for (const [i, w] of twoLines.entries()) bounds[i].least = w;
  // A column's share of the page, unless the longest words of all would then not fit.
  const shared = bounds.map((b, i) => Math.max(b.least, Math.min(b.most, (columns[i].share ?? 0) * width)));
  if (sumOf(shared) <= width) for (const [i, w] of shared.entries()) bounds[i].least = w;
  const widths = bounds.map((b) => b.least);
  let left = width - sumOf(widths);
  // Even the longest words do not fit: every column shrinks alike (only words longer than a column break).
  if (left < 0) return widths.map((w) => (w * width) / (width - left));
  const grows = columns.map((column) => (column.grow ?? 0) > 0);
  const narrow = columns.map((_, i) => i).filter((i) => !grows[i]);
  narrow.sort((a, b) => bounds[a].most - bounds[a].least - (bounds[b].most - bounds[b].least));
  for (const i of narrow) {
    const add = Math.min(bounds[i].most - widths[i], left);
    widths[i] += add;
    left -= add;
  }
  const growing = columns.map((_, i) => i).filter((i) => grows[i]);
  const need = growing.reduce((t, i) => t + bounds[i].most - widths[i], 0);
  if (need > left) {
    for (const i of growing) widths[i] += ((bounds[i].most - widths[i]) * left) / need;
    return widths;
  }
  for (const i of growing) widths[i] = bounds[i].most;
  left -= need;
  const shares = growing.length > 0 ? growing : columns.map((_, i) => i);
  const total = shares.reduce((t, i) => t + (columns[i].grow || 1), 0);
  for (const i of shares) widths[i] += (left * (columns[i].grow || 1)) / total;
  return widths;
}

/**
 * A table across the page from here: a header on a green band, rows with a rule under each, as tall as their
 * tallest cell; a row that does not fit goes to a new page, under the header again.
 */
export function table(doc: PDFKit.PDFDocument, columns: Column[], rows: Cell[][], look: TableLook = PLAIN) {
  const left = doc.page.margins.left;
  const width = bodyWidth(doc);
  const widths = columnWidths(doc, columns, rows, width, look);
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((t, w) => t + w, 0));
  const textWidth = (i: number) => widths[i] - 2 * look.pad;
  const lineStyle = (bold: boolean, detail: boolean) =>
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(detail ? look.fontSize - 1 : look.fontSize)
      .fillColor(detail ? GREY : 'black');
  const cellHeight = (cell: Cell, i: number) =>
    (Array.isArray(cell) ? cell : [cell]).reduce(
      (total, text, n) => total + lineStyle(false, n > 0).heightOfString(text, { width: textWidth(i) }),
      0,
    );
  const headerHeight = Math.max(
    ...columns.map((column, i) => lineStyle(true, false).heightOfString(column.header, { width: textWidth(i) })),
  );

  const header = () => {
    const top = doc.y;
    doc.rect(left, top, width, headerHeight + 2 * look.pad).fill(BAND);
    columns.forEach((column, i) => {
      lineStyle(true, false).text(column.header, xs[i] + look.pad, top + look.pad, {
        width: textWidth(i),
        align: column.numeric ? 'right' : 'left',
      });
    });
    doc.y = top + headerHeight + 2 * look.pad;
  };

  keepRoom(doc, headerHeight + 2 * look.pad + 3 * look.fontSize);
  header();
  for (const row of rows) {
    const height = Math.max(...row.map(cellHeight)) + 2 * look.pad;
    if (doc.y + height > bodyBottom(doc)) {
      doc.addPage();
      header();
    }
    const top = doc.y;
    row.forEach((cell, i) => {
      let y = top + look.pad;
      (Array.isArray(cell) ? cell : [cell]).forEach((text, n) => {
        const options = { width: textWidth(i), align: columns[i].numeric ? ('right' as const) : ('left' as const) };
        lineStyle(false, n > 0).text(text, xs[i] + look.pad, y, options);
        y += doc.heightOfString(text, options);
      });
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .strokeColor(RULE)
      .stroke();
    doc.y = top + height;
  }
  doc.x = left;
  doc.fillColor('black');
}

/** A total: its label, its figure, and whether it is the bottom line (larger, bold). */
export type Total = { label: string; value: string; strong?: boolean };

/**
 * Totals under a table, kept together: labels right-aligned against a column of figures at the right edge,
 * a label wrapping at word boundaries when it is long.
 */
export function totals(doc: PDFKit.PDFDocument, lines: Total[], size = 10) {
  const left = doc.page.margins.left;
  const width = bodyWidth(doc);
  const look = (strong: boolean | undefined) => style(doc, strong ? 'total' : 'body', strong ? size + 2 : size);
  const valueWidth = Math.max(...lines.map((line) => look(line.strong).widthOfString(line.value))) + 2;
  const labelWidth = width - valueWidth - 16;
  const heights = lines.map((line) => look(line.strong).heightOfString(line.label, { width: labelWidth }) + 4);
  keepRoom(
    doc,
    heights.reduce((t, h) => t + h, 0),
  );
  lines.forEach((line, i) => {
    const top = doc.y;
    look(line.strong).text(line.label, left, top, { width: labelWidth, align: 'right' });
    doc.text(line.value, left + width - valueWidth, top, { width: valueWidth, align: 'right' });
    doc.y = top + heights[i];
  });
  doc.x = left;
  doc.fillColor('black');
}

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Invoice } from '#contract/orders.ts';
import type { PaperSize } from '#contract/paper.ts';
import type { SlotSheet } from '#contract/vendor-week.ts';
import { renderInvoicePdf } from './modules/orders/invoice-pdf.ts';
import { renderPackingSlipsPdf, renderPickListPdf } from './modules/orders/slot-sheets.ts';
import type { StatementData } from './modules/payouts/shop-payouts.ts';
import { renderStatementPdf, STATEMENT_COLUMNS, type StatementRow } from './modules/payouts/statement.ts';

/**
 * Every document printed through the one layout code (issue 33, item 6; decision 054), read back with poppler:
 * long names and three pages of rows, and still every header and figure whole, no two words on top of each other,
 * counts in the singular for one, the paper the setting says and a blank for each weight to write.
 */

// Set PDF_LAYOUT_DIR to keep the PDFs (to look at them: pdftoppm -png -r 60 <file> <prefix>).
const keep = process.env.PDF_LAYOUT_DIR;
const dir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'farmstall-pdf-layout-'));
if (keep) mkdirSync(keep, { recursive: true });
afterAll(() => {
  if (!keep) rmSync(dir, { recursive: true, force: true });
});

const LONG_NAME =
  'Heirloom Cherokee Purple and Brandywine tomatoes, vine-ripened, hand-picked at dawn, sold in a mixed wooden crate';
const SHOP = 'Northwesternmost Agriculturalcooperative Smallholdings';
const expect120 = () => expect(LONG_NAME.length).toBeGreaterThanOrEqual(110);

type Read = { file: string; text: string; lines: string[]; tokens: Set<string>; pages: number; size: string };

/** Writes the PDF, and reads its text (pdftotext -layout), its pages and paper (pdfinfo) and checks its word boxes. */
function read(name: string, pdf: Buffer): Read {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const lines = text.split('\n');
  return {
    file,
    text,
    lines,
    tokens: new Set(text.split(/\s+/).filter(Boolean)),
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    size: /Page size:\s+(.*)/.exec(info)?.[1] ?? '',
  };
}

/** No two words' boxes intersect on any page (pdftotext -bbox-layout). */
function expectNoOverlap(doc: Read) {
  const html = execFileSync('pdftotext', ['-bbox-layout', doc.file, '-'], { encoding: 'utf8' });
  const pages = html.split('<page ').slice(1);
  for (const [index, page] of pages.entries()) {
    const boxes = [
      ...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
    ].map(([, x0, y0, x1, y1, word]) => ({ x0: +x0, y0: +y0, x1: +x1, y1: +y1, word }));
    const clashes: string[] = [];
    const slack = 0.5; // boxes of adjacent lines may touch
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (a.x0 + slack < b.x1 && b.x0 + slack < a.x1 && a.y0 + slack < b.y1 && b.y0 + slack < a.y1)
          clashes.push(`page ${index + 1}: "${a.word}" and "${b.word}"`);
      }
    expect(clashes).toEqual([]);
  }
}

/** The text appears whole on one line. */
const expectWhole = (doc: Read, text: string) =>
  expect(
    doc.lines.some((line) => line.includes(text)),
    `"${text}" whole on a line`,
  ).toBe(true);

/** Each word of a text that may wrap appears whole (a name wraps between words, never inside one). */
const expectWords = (doc: Read, text: string) => {
  for (const word of text.split(/\s+/)) {
    // A hyphen is a place to break a line, as in print: "vine-" and "ripened" are the word broken there.
    const whole = doc.tokens.has(word) || word.split(/(?<=-)/).every((part) => doc.tokens.has(part));
    expect(whole, `word "${word}" whole`).toBe(true);
  }
};

/** A header prints whole on one line, or, when its column is narrow, wraps between its words only. */
function expectHeader(doc: Read, header: string) {
  if (doc.lines.some((line) => line.includes(header))) return;
  expectWords(doc, header);
  const bare = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');
  for (const word of header.split(' ').map(bare)) {
    const pieces = [...doc.tokens]
      .map(bare)
      .filter((t) => t.length >= 3 && t !== word && (word.startsWith(t) || word.endsWith(t)));
    expect(pieces, `no piece of "${word}"`).toEqual([]);
  }
}

const paperOf = (paper: PaperSize) => ({ paper });
const LETTER = /^612 x 792 pts/;
const LETTER_WIDE = /^792 x 612 pts/;
const A4 = /^595\.28 x 841\.89 pts/;

function invoiceFixture(items: number): Invoice {
  return {
    _id: 'inv',
    invoiceNumber: 'INV-10234',
    orderNumber: 'FS-10234',
    date: '2027-03-13T17:00:00.000Z',
    company: {
      name: 'Farmstall',
      tagline: 'Local food, straight from the farm',
      address: '1420 SE Stark Street, Portland, OR 97214, United States',
      email: 'hello@farmstall.example',
      phone: '+1 503-555-0142',
    },
    billTo: {
      name: 'Maximiliana Featherstonehaugh-Worthington',
      address: '9876 Northwest Thurman Street, Apartment 1204, Portland, OR 97210',
      phone: '+1 503-555-0199',
      email: 'maximiliana@example.com',
    },
    note: 'Please leave the crate at the side door.',
    payment: { method: 'Card', cardBrand: 'visa', cardLast4: '4242', status: 'complete' },
    items: Array.from({ length: items }, (_, i) => ({
      _id: `line-${i}`,
      name: i === 0 ? LONG_NAME : `Product number ${i + 1}`,
      shopName: SHOP,
      unitPrice: i === 0 ? 12345.67 : 3.5,
      saving: i === 1 ? { kind: 'markdown' as const, percent: 30, label: 'x', listPrice: 5 } : null,
      unit: i === 2 ? null : ('kg' as const),
      quantity: i === 0 ? 10 : 2,
      totalAmount: i === 0 ? 123456.7 : 7,
      status: i === 3 ? ('cancelled' as const) : ('active' as const),
      refund: i === 3 ? { amount: 7, status: 'succeeded' as const } : null,
      weight: i === 2 ? { estimatedGrams: 1600, estimate: 5.6, actualGrams: null } : null,
    })),
    subtotal: 123456.7 + 7 * (items - 1),
    discount: 0,
    couponCode: null,
    deliveryFee: 4.5,
    fulfilment: [
      {
        shopId: 's',
        shopName: SHOP,
        kind: 'pickup',
        start: '2027-03-13T09:00:00-08:00',
        end: '2027-03-13T12:00:00-08:00',
        timeZone: 'America/Los_Angeles',
        pickupPoint: { name: 'Farm gate', address: '1 Farm Road, Hillsboro, OR' },
        deliveryAddress: null,
        fee: 0,
        note: null,
      },
    ],
    grandTotal: 987654.32,
    refunds: [
      {
        _id: 'r',
        amount: 7,
        description:
          'Product number 4 ×2 (Northwesternmost Agriculturalcooperative Smallholdings), cancelled by the shop',
        lineIds: ['line-3'],
        status: 'succeeded',
        date: '2027-03-14T00:00:00.000Z',
      },
    ],
    refunded: 7,
    refundPending: 0,
    netPaid: 987647.32,
    notes: ['Prices are in US dollars.', 'Thank you for buying local.'],
  } as Invoice;
}

function sheetFixture(slips: number, items: number): SlotSheet {
  return {
    shopId: 'shop',
    shopName: SHOP,
    slot: {
      id: 'slot',
      kind: 'delivery',
      start: '2027-03-13T09:00:00-08:00',
      end: '2027-03-13T12:00:00-08:00',
      timeZone: 'America/Los_Angeles',
      pickupPoint: null,
      orders: slips,
    },
    pickList: Array.from({ length: items }, (_, i) => ({
      productId: `p${i}`,
      name: i === 0 ? LONG_NAME : `Product number ${i + 1}`,
      units: i === 0 ? 123456 : 3,
      grams: i % 5 === 0 ? 1_234_567 : null,
      weighed: false,
    })),
    packingSlips: Array.from({ length: slips }, (_, s) => ({
      orderId: `o${s}`,
      orderNumber: `FS-${10000 + s}`,
      shopper: {
        name: 'Maximiliana Featherstonehaugh-Worthington',
        phone: '+1 503-555-0199',
        email: 'max@example.com',
      },
      items: Array.from({ length: s === 0 ? items : 2 }, (_, i) => ({
        name: i === 0 ? LONG_NAME : `Product number ${i + 1}`,
        amount: i === 0 ? 12 : 1,
        estimatedGrams: i % 3 === 0 ? 1600 : null,
        actualGrams: i === 3 ? 1523 : null,
      })),
      note: 'Ring twice, the bell is broken.',
      pickupPoint: null,
      deliveryAddress: { address: '9876 Northwest Thurman Street, Apartment 1204', postcode: '97210' },
    })),
    stops: Array.from({ length: slips }, (_, s) => ({
      orderId: `o${s}`,
      orderNumber: `FS-${10000 + s}`,
      name: 'Maximiliana Featherstonehaugh-Worthington',
      phone: '+1 503-555-0199',
      address: '9876 Northwest Thurman Street, Apartment 1204',
      postcode: '97210',
    })),
  } as SlotSheet;
}

function statementFixture(count: number): { data: StatementData; rows: StatementRow[] } {
  const rows: StatementRow[] = Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.UTC(2027, 2, 1 + (i % 28))),
    day: `2027-03-${String(1 + (i % 28)).padStart(2, '0')}`,
    kind: i % 7 === 6 ? 'Transfer' : 'Sale',
    orderId: `o${i}`,
    orderNumber: `FS-${10000 + i}`,
    product: i === 0 ? LONG_NAME : i % 7 === 6 ? 'Sent to your payout account' : `Product number ${i + 1}`,
    quantity: i % 7 === 6 ? '' : '12 (1.6 kg)',
    paidCents: i % 7 === 6 ? null : 123_456_789,
    taxRate: i % 7 === 6 ? '' : '8.25%',
    taxCents: i % 7 === 6 ? null : i === 0 ? 0 : 10_185_185,
    commissionRate: i % 7 === 6 ? '' : '12.5%',
    commissionCents: i % 7 === 6 ? null : 15_432_099,
    netCents: i % 7 === 6 ? null : 108_024_690,
    payoutCents: i % 7 === 6 ? 98_765_432 : null,
  }));
  const data = {
    month: '2027-03',
    timeZone: 'America/Los_Angeles',
    ledger: { transfers: [], reversals: [] },
    recorded: [],
    lines: [],
    openingUnpaidCents: 1_234_500,
    closingUnpaidCents: 2_345_600,
    inPeriod: () => true,
  } as unknown as StatementData;
  return { data, rows };
}

describe('documents fit to print', () => {
  it('the invoice: long names wrap between words, every header and amount whole, no overlap, Letter or A4', async () => {
    expect120();
    const invoice = invoiceFixture(90);
    const doc = read('invoice', await renderInvoicePdf(invoice, paperOf('letter')));
    expect(doc.pages).toBeGreaterThanOrEqual(3);
    expect(doc.size).toMatch(LETTER);
    for (const header of ['Name', 'Unit Price', 'Quantity', 'Total Amount']) expectHeader(doc, header);
    // The header again on every page of rows.
    expect(doc.lines.filter((line) => line.includes('Total Amount')).length).toBeGreaterThanOrEqual(3);
    expectWords(doc, LONG_NAME);
    expectWords(doc, SHOP);
    for (const value of ['$123,456.70', '$12,345.67 per kg', '$987,654.32', '$987,647.32', 'INV-10234', 'FS-10234'])
      expectWhole(doc, value);
    expectWhole(doc, `Page 1 of ${doc.pages}`);
    expectWhole(doc, `Page ${doc.pages} of ${doc.pages}`);
    expectNoOverlap(doc);

    const a4 = read('invoice-a4', await renderInvoicePdf(invoice, paperOf('a4')));
    expect(a4.size).toMatch(A4);
    expectNoOverlap(a4);
  });

  it('the pick list: "1 order" and "2 orders", long names, three pages, every header and figure whole', async () => {
    const doc = read('pick-list', await renderPickListPdf(sheetFixture(2, 120), paperOf('letter')));
    expect(doc.pages).toBeGreaterThanOrEqual(3);
    expect(doc.size).toMatch(LETTER);
    expect(doc.text).toContain('2 orders');
    expect(doc.text).not.toMatch(/\b1 orders\b/);
    for (const header of ['Product', 'Units', 'Weight', 'Stop', 'Postcode', 'Address', 'Name', 'Phone', 'Order'])
      expectHeader(doc, header);
    expect(doc.lines.filter((line) => /Product\s+Units\s+Weight/.test(line)).length).toBeGreaterThanOrEqual(3);
    expectWords(doc, LONG_NAME);
    expectWords(doc, SHOP);
    for (const value of ['123456', 'about 1,234.6 kg', 'FS-10001', '+1 503-555-0199', '97210']) expectWhole(doc, value);
    expectNoOverlap(doc);

    const one = read('pick-list-one', await renderPickListPdf(sheetFixture(1, 3), paperOf('a4')));
    expect(one.size).toMatch(A4);
    expect(one.text).toMatch(/\b1 order\b/);
    expect(one.text).not.toMatch(/\b1 orders\b/);
    expect(one.text).toContain('3 products');
  });

  it('the packing slips: a blank to write each weight beside its estimate, the weighed weight, whole headers', async () => {
    const doc = read('packing-slips', await renderPackingSlipsPdf(sheetFixture(2, 110), paperOf('letter')));
    expect(doc.pages).toBeGreaterThanOrEqual(3);
    expect(doc.size).toMatch(LETTER);
    for (const header of ['Packed', 'Item', 'Weight']) expectHeader(doc, header);
    expectWords(doc, LONG_NAME);
    // The first line is weighed goods not yet weighed: a blank and the estimate on its row.
    const row = doc.lines.findIndex((line) => line.includes('Heirloom'));
    expect(doc.lines[row]).toMatch(/Weight: _+ g/);
    expect(doc.lines.slice(row, row + 3).join('\n')).toContain('estimate about 1.6 kg');
    expectWhole(doc, '1.52 kg');
    expect(doc.text).toContain('1 of 2 orders');
    expect(doc.text).toContain('To pack (13 items)');
    expectNoOverlap(doc);

    const one = read('packing-slips-one', await renderPackingSlipsPdf(sheetFixture(1, 2), paperOf('a4')));
    expect(one.size).toMatch(A4);
    expect(one.text).toMatch(/1 of 1 order\b/);
    expect(one.text).toContain('13 items');
  });

  it('the statement: twelve headers whole over their columns, nothing printed over them, three pages', async () => {
    const { data, rows } = statementFixture(150);
    const doc = read('statement', await renderStatementPdf(data, rows, SHOP, paperOf('letter')));
    expect(doc.pages).toBeGreaterThanOrEqual(3);
    expect(doc.size).toMatch(LETTER_WIDE);
    for (const { header } of STATEMENT_COLUMNS) expectHeader(doc, header);
    expect(doc.text).not.toMatch(/Commissi\s/);
    expectWords(doc, LONG_NAME);
    for (const value of [
      '1,234,567.89',
      '101,851.85',
      '154,320.99',
      '1,080,246.90',
      '987,654.32',
      '2027-03-01',
      'FS-10000',
    ])
      expectWhole(doc, value);
    // The first row's 0.00 tax sits on its own row, under the header, not under the header's text.
    expectWhole(doc, '0.00');
    expectNoOverlap(doc);

    const a4 = read('statement-a4', await renderStatementPdf(data, rows.slice(0, 5), SHOP, paperOf('a4')));
    expect(a4.size).toMatch(/^841\.89 x 595\.28 pts/);
    expectNoOverlap(a4);
  });
});

import { formatWeight, type PackingSlip, type SlotSheet } from '#contract/vendor-week.ts';
import { toCsv } from '../../csv.ts';
import { newPdf, type PdfColumn, tableHeading, tableRow } from '../../pdf.ts';
import { slotText } from './invoice-pdf.ts';

const GREEN = '#1f7a3a';
const GREY = '#555555';

/** Weights as the PDF's standard fonts can print them ("about 1.6 kg" for an estimate). */
const weightText = (grams: number, weighed: boolean) => formatWeight(grams, weighed).replace('≈ ', 'about ');

const gramsOf = (item: { estimatedGrams: number | null; actualGrams: number | null }) =>
  item.actualGrams ?? item.estimatedGrams;

/** Where the slot is handed over: "Pickup at Farm gate, 1 Farm Rd" or "Delivery". */
const placeOf = (sheet: SlotSheet) =>
  sheet.slot.pickupPoint ? `Pickup at ${sheet.slot.pickupPoint.name}, ${sheet.slot.pickupPoint.address}` : 'Delivery';

const slipPlace = (slip: PackingSlip) =>
  slip.pickupPoint
    ? `Pickup at ${slip.pickupPoint.name}`
    : `Delivery to ${slip.deliveryAddress?.address}, ${slip.deliveryAddress?.postcode}`;

const itemText = (item: PackingSlip['items'][number]) => {
  const grams = gramsOf(item);
  return `${item.name} ×${item.amount}${grams === null ? '' : ` (${weightText(grams, item.actualGrams !== null)})`}`;
};

export function pickListCsv(sheet: SlotSheet): string {
  return toCsv(
    ['Product', 'Units', 'Grams', 'Weighed'],
    sheet.pickList.map((item) => [
      item.name,
      item.units,
      item.grams,
      item.grams === null ? null : item.weighed ? 'yes' : 'estimate',
    ]),
  );
}

/** A row per item of each order, with the order's shopper, slot, place and note. */
export function packingSlipsCsv(sheet: SlotSheet): string {
  const slot = slotText(sheet.slot);
  return toCsv(
    ['Order', 'Shopper', 'Phone', 'Email', 'Slot', 'Place', 'Postcode', 'Note', 'Item', 'Quantity', 'Grams', 'Weighed'],
    sheet.packingSlips.flatMap((slip) =>
      slip.items.map((item) => [
        slip.orderNumber,
        slip.shopper.name,
        slip.shopper.phone,
        slip.shopper.email,
        slot,
        slip.pickupPoint ? `Pickup at ${slip.pickupPoint.name}` : (slip.deliveryAddress?.address ?? ''),
        slip.deliveryAddress?.postcode ?? null,
        slip.note,
        item.name,
        item.amount,
        gramsOf(item),
        gramsOf(item) === null ? null : item.actualGrams !== null ? 'yes' : 'estimate',
      ]),
    ),
  );
}

/** The shop, the sheet's title and the slot at the top of a page. */
function heading(doc: PDFKit.PDFDocument, sheet: SlotSheet, title: string) {
  const left = doc.page.margins.left;
  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(18).text(title, left, 50);
  doc.fillColor('black').font('Helvetica').fontSize(11).text(sheet.shopName);
  doc.text(slotText(sheet.slot)).fillColor(GREY).text(placeOf(sheet)).fillColor('black');
  doc.moveDown();
}

/** The pick list: each product's units and weight for the slot, then the delivery stops by postcode. */
export function renderPickListPdf(sheet: SlotSheet): Promise<Buffer> {
  const { doc, bytes } = newPdf(`Pick list ${sheet.slot.start}`, sheet.shopName);
  heading(doc, sheet, 'Pick list');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const columns: PdfColumn[] = [
    { label: 'Product', x: left, w: width * 0.6, align: 'left' },
    { label: 'Units', x: left + width * 0.6, w: width * 0.15, align: 'right' },
    { label: 'Weight', x: left + width * 0.75, w: width * 0.25, align: 'right' },
  ];
  let y = tableHeading(doc, columns, left, width, doc.y + 6);
  for (const item of sheet.pickList) {
    const cells = [item.name, String(item.units), item.grams === null ? '' : weightText(item.grams, item.weighed)];
    const height = doc.heightOfString(cells[0], { width: columns[0].w - 8 });
    if (y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = 50;
    }
    tableRow(doc, columns, cells, y);
    y += height + 8;
  }
  doc.text(`${sheet.packingSlips.length} orders`, left, y + 8, { width });
  if (sheet.stops.length > 0) {
    doc.moveDown().font('Helvetica-Bold').fontSize(11).text('Stops, by postcode', left);
    doc.font('Helvetica').fontSize(10);
    sheet.stops.forEach((stop, index) => {
      doc.text(
        `${index + 1}. ${stop.postcode}  ${stop.address} · ${stop.name} · ${stop.phone} · ${stop.orderNumber}`,
        left,
        doc.y + 2,
        { width },
      );
    });
  }
  doc.end();
  return bytes;
}

/** The packing slips: a page per order with its shopper, place, items and note. */
export function renderPackingSlipsPdf(sheet: SlotSheet): Promise<Buffer> {
  const { doc, bytes } = newPdf(`Packing slips ${sheet.slot.start}`, sheet.shopName);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  if (sheet.packingSlips.length === 0) {
    heading(doc, sheet, 'Packing slips');
    doc.text('Every order of this slot is cancelled: nothing to pack.');
  }
  sheet.packingSlips.forEach((slip, index) => {
    if (index > 0) doc.addPage();
    heading(doc, sheet, `Packing slip ${index + 1} of ${sheet.packingSlips.length}`);
    doc.font('Helvetica-Bold').fontSize(14).text(`Order ${slip.orderNumber}`, left).text(slip.shopper.name);
    doc.font('Helvetica').fontSize(11).text(slip.shopper.phone).text(slip.shopper.email).text(slipPlace(slip));
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Items');
    doc.font('Helvetica');
    for (const item of slip.items) doc.text(`[  ]  ${itemText(item)}`, left, doc.y + 4, { width });
    if (slip.note)
      doc.moveDown().font('Helvetica-Bold').text('Note: ', { continued: true }).font('Helvetica').text(slip.note);
  });
  doc.end();
  return bytes;
}

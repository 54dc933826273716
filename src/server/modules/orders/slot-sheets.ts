import { countOf } from '#contract/counts.ts';
import { amountText } from '#contract/units.ts';
import { formatWeight, type PackingSlip, type SlotSheet } from '#contract/vendor-week.ts';
import { toCsv } from '../../csv.ts';
import { block, type DocOptions, gap, newPdf, section, sideBySide, table } from '../../pdf.ts';
import { slotText } from './invoice-pdf.ts';

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

/** A slip's line as the packer reads it: the product and how many, in its units ("Clover Honey ×2 jars"). */
const itemText = (item: PackingSlip['items'][number]) =>
  `${item.name} ×${amountText(item.amount, item.unit, item.pack)}`;

/**
 * A slip's weight cell: the weight once weighed; for a weighed line not yet weighed, a blank to write the weight on
 * and the estimate under it; nothing for goods not sold by weight.
 */
function weightCell(item: PackingSlip['items'][number]): string[] {
  if (item.actualGrams !== null) return [weightText(item.actualGrams, true)];
  if (item.estimatedGrams === null) return [''];
  return ['Weight: ________ g', `estimate ${weightText(item.estimatedGrams, false)}`];
}

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

/** The sheet's title, the shop, the slot and where it is handed over, at the top of a page. */
function heading(doc: PDFKit.PDFDocument, sheet: SlotSheet, title: string, count: string) {
  sideBySide(
    doc,
    [{ text: title, style: 'title' }, sheet.shopName, slotText(sheet.slot), { text: placeOf(sheet), style: 'muted' }],
    [{ text: count, style: 'heading' }],
  );
  gap(doc, 14);
}

/** The pick list: each product's units and weight for the slot, then the delivery stops by postcode. */
export function renderPickListPdf(sheet: SlotSheet, options: DocOptions = { paper: 'letter' }): Promise<Buffer> {
  const { doc, finish } = newPdf(`Pick list ${slotText(sheet.slot)}`, sheet.shopName, options);
  const orders = countOf(sheet.packingSlips.length, 'order');
  heading(doc, sheet, 'Pick list', `${countOf(sheet.pickList.length, 'product')} for ${orders}`);
  table(
    doc,
    [
      { header: 'Product', grow: 1 },
      { header: 'Units', numeric: true },
      { header: 'Weight', numeric: true },
    ],
    sheet.pickList.map((item) => [
      item.name,
      amountText(item.units, item.unit, item.pack),
      item.grams === null ? '' : weightText(item.grams, item.weighed),
    ]),
  );
  if (sheet.stops.length > 0) {
    gap(doc, 20);
    section(doc, `Stops, by postcode (${countOf(sheet.stops.length, 'stop')})`, []);
    gap(doc, 4);
    table(
      doc,
      [
        { header: 'Stop', numeric: true },
        { header: 'Postcode', keep: true },
        { header: 'Address', grow: 1, share: 0.3 },
        { header: 'Name' },
        { header: 'Phone', keep: true },
        { header: 'Order', keep: true },
      ],
      sheet.stops.map((stop, index) => [
        String(index + 1),
        stop.postcode,
        stop.address,
        stop.name,
        stop.phone,
        stop.orderNumber,
      ]),
    );
  }
  return finish();
}

/** The packing slips: a page per order with its shopper, place, items (a box to tick, a blank for weights) and note. */
export function renderPackingSlipsPdf(sheet: SlotSheet, options: DocOptions = { paper: 'letter' }): Promise<Buffer> {
  const { doc, finish } = newPdf(`Packing slips ${slotText(sheet.slot)}`, sheet.shopName, options);
  if (sheet.packingSlips.length === 0) {
    heading(doc, sheet, 'Packing slips', countOf(0, 'order'));
    block(doc, ['Every order of this slot is cancelled: nothing to pack.']);
  }
  sheet.packingSlips.forEach((slip, index) => {
    if (index > 0) doc.addPage();
    heading(doc, sheet, 'Packing slip', `${index + 1} of ${countOf(sheet.packingSlips.length, 'order')}`);
    block(doc, [
      { text: `Order ${slip.orderNumber}`, style: 'subtitle' },
      { text: slip.shopper.name, style: 'heading' },
      slip.shopper.phone,
      slip.shopper.email,
      slipPlace(slip),
    ]);
    gap(doc, 14);
    const units = slip.items.reduce((n, item) => n + item.amount, 0);
    block(doc, [{ text: `To pack (${countOf(units, 'item')})`, style: 'heading' }]);
    gap(doc, 4);
    table(
      doc,
      [
        { header: 'Packed', keep: true },
        { header: 'Item', grow: 1, share: 0.5 },
        { header: 'Weight', numeric: true },
      ],
      slip.items.map((item) => ['[   ]', itemText(item), weightCell(item)]),
    );
    if (slip.note) {
      gap(doc, 14);
      section(doc, 'Note', [slip.note]);
    }
  });
  return finish();
}

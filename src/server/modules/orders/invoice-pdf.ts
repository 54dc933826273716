import { savingLabel } from '#contract/markdowns.ts';
import { formatDollars, formatUnitPrice } from '#contract/money.ts';
import { grandTotalLabel, type Invoice, refundStatusLabel } from '#contract/orders.ts';
import { taxRowsOf } from '#contract/tax.ts';
import { holdText, weightText } from '#contract/weighed.ts';
import { newPdf, type PdfColumn, rowHeight, ruleUnder, tableHeading, tableRow } from '../../pdf.ts';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "Near-expiry markdown -30%, was $5.00" (the PDF's standard font has no minus sign). */
function savingText(saving: NonNullable<Invoice['items'][number]['saving']>): string {
  return `${savingLabel(saving).replace('−', '-')}, was ${formatDollars(saving.listPrice)}`;
}

/** `Sat, Mar 13, 2027, 9:00 AM – 12:00 PM PST`: a slot in its shop's zone, with the zone's abbreviation. */
export function slotText(fulfilment: Pick<Invoice['fulfilment'][number], 'start' | 'end' | 'timeZone'>) {
  const { timeZone } = fulfilment;
  const date = new Date(fulfilment.start).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });
  const time = (iso: string, zone: boolean) =>
    new Date(iso).toLocaleTimeString('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      ...(zone ? { timeZoneName: 'short' } : {}),
    });
  return `${date}, ${time(fulfilment.start, false)} – ${time(fulfilment.end, true)}`;
}

/** What each shop's part of the order is: pickup where, or delivery to which address, when, and the note. */
function fulfilmentLines(fulfilment: Invoice['fulfilment'][number]): string {
  const place = fulfilment.pickupPoint
    ? `Pickup at ${fulfilment.pickupPoint.name}, ${fulfilment.pickupPoint.address}`
    : `Delivery to ${fulfilment.deliveryAddress?.address}, ${fulfilment.deliveryAddress?.postcode}`;
  const note = fulfilment.note ? `\nYour note: ${fulfilment.note}` : '';
  return `${fulfilment.shopName}: ${place}\n${slotText(fulfilment)}${note}`;
}

const GREEN = '#1f7a3a';
const GREY = '#555555';

/** The invoice as a PDF (A4), with the same content as the invoice page. */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const { doc, bytes } = newPdf(`Invoice ${invoice.invoiceNumber}`, invoice.company.name);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // Header: company and invoice number.
  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(24).text(invoice.company.name, left, 50);
  doc.fillColor(GREY).font('Helvetica').fontSize(10).text(invoice.company.tagline);
  doc.text(invoice.company.address).text(invoice.company.email).text(invoice.company.phone);
  doc
    .fillColor('black')
    .font('Helvetica-Bold')
    .fontSize(18)
    .text('INVOICE', left, 50, { width, align: 'right' })
    .font('Helvetica')
    .fontSize(10)
    .text(`Invoice number: ${invoice.invoiceNumber}`, { width, align: 'right' })
    .text(`Order: ${invoice.orderNumber}`, { width, align: 'right' })
    .text(`Date: ${day(invoice.date)}`, { width, align: 'right' });

  // Bill to and overview.
  const blockTop = 150;
  doc.font('Helvetica-Bold').fontSize(11).text('Bill to', left, blockTop);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(invoice.billTo.name)
    .text(invoice.billTo.address, { width: width / 2 - 10 })
    .text(invoice.billTo.phone)
    .text(invoice.billTo.email);
  if (invoice.note) doc.text(`Your note for the shop: ${invoice.note}`, { width: width / 2 - 10 });
  const billToBottom = doc.y;
  const overviewX = left + width / 2;
  doc.font('Helvetica-Bold').fontSize(11).text('Overview', overviewX, blockTop);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Payment method: ${invoice.payment.method}`, overviewX)
    .text(`Status: ${invoice.payment.status}`, overviewX)
    .text(`Grand total: ${formatDollars(invoice.grandTotal)}`, overviewX);
  if (invoice.hold) doc.text(`Weighed goods: ${holdText(invoice.hold)}`, overviewX, doc.y, { width: width / 2 });
  if (invoice.refunds.length > 0) {
    doc.text(`Refunded: ${formatDollars(invoice.refunded + invoice.refundPending)}`, overviewX);
    doc.text(`Net paid: ${formatDollars(invoice.netPaid)}`, overviewX);
  }
  let overviewBottom = doc.y;

  // Pickup and delivery, one paragraph per shop.
  if (invoice.fulfilment.length > 0) {
    const top = Math.max(billToBottom, overviewBottom) + 20;
    doc.font('Helvetica-Bold').fontSize(11).text('Pickup & delivery', left, top);
    doc.font('Helvetica').fontSize(10);
    for (const fulfilment of invoice.fulfilment) doc.text(fulfilmentLines(fulfilment), left, doc.y + 4, { width });
    overviewBottom = doc.y;
  }

  // Item table.
  const columns: PdfColumn[] = [
    { label: 'Name', x: left, w: width * 0.46, align: 'left' },
    { label: 'Unit Price', x: left + width * 0.46, w: width * 0.18, align: 'right' },
    { label: 'Quantity', x: left + width * 0.64, w: width * 0.14, align: 'right' },
    { label: 'Total Amount', x: left + width * 0.78, w: width * 0.22, align: 'right' },
  ];
  let y = tableHeading(doc, columns, left, width, Math.max(billToBottom, overviewBottom) + 28);
  for (const item of invoice.items) {
    const refund = item.refund
      ? ` · ${formatDollars(item.refund.amount)} ${refundStatusLabel(item.refund.status)}`
      : '';
    const cells = [
      `${item.name}\n${item.shopName}${item.saving ? `\n${savingText(item.saving)}` : ''}${item.weight ? `\n${weightText(item.weight, item.totalAmount).replace('≈', '~')}` : ''}${item.status === 'cancelled' ? `\nCancelled${refund}` : ''}`,
      item.weight
        ? `${formatDollars(item.unitPrice)}/kg`
        : item.unit
          ? formatUnitPrice(item.unitPrice, item.unit)
          : formatDollars(item.unitPrice),
      String(item.quantity),
      formatDollars(item.totalAmount),
    ];
    const height = rowHeight(doc, columns, cells);
    if (y + height > doc.page.height - 160) {
      doc.addPage();
      y = 50;
    }
    tableRow(doc, columns, cells, y);
    y = ruleUnder(doc, left, width, y + height);
  }

  // Totals.
  const totals: [string, string][] = [['Subtotal', formatDollars(invoice.subtotal)]];
  if (invoice.discount > 0)
    totals.push([`Coupon ${invoice.couponCode ?? ''}`.trim(), `-${formatDollars(invoice.discount)}`]);
  totals.push(['Delivery', invoice.deliveryFee > 0 ? formatDollars(invoice.deliveryFee) : 'Free']);
  totals.push(...taxRowsOf(invoice.taxLines ?? [], invoice.pricesIncludeTax ?? false));
  y += 6;
  // The totals and refunds stay together, on a new page when they would not fit under the items.
  const totalsHeight = totals.length * 16 + 30 + (invoice.refunds.length ? invoice.refunds.length * 28 + 50 : 0);
  if (y + totalsHeight > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = 50;
  }
  for (const [label, value] of totals) {
    doc.text(label, columns[2].x, y, { width: columns[2].w, align: 'right' });
    doc.text(value, columns[3].x + 4, y, { width: columns[3].w - 8, align: 'right' });
    y += 16;
  }
  doc.font('Helvetica-Bold').fontSize(12);
  doc.text(grandTotalLabel(invoice.hold), columns[1].x, y + 4, { width: columns[1].w + columns[2].w, align: 'right' });
  doc.text(formatDollars(invoice.grandTotal), columns[3].x + 4, y + 4, { width: columns[3].w - 8, align: 'right' });
  if (invoice.refunds.length > 0) {
    y += 26;
    doc.font('Helvetica').fontSize(10);
    const labelX = left;
    const labelWidth = columns[3].x - left - 4;
    for (const refund of invoice.refunds) {
      const label = `Refund: ${refund.description} · ${refundStatusLabel(refund.status)}`;
      doc.text(label, labelX, y, { width: labelWidth, align: 'right' });
      doc.text(`-${formatDollars(refund.amount)}`, columns[3].x + 4, y, { width: columns[3].w - 8, align: 'right' });
      y += Math.max(16, doc.heightOfString(label, { width: labelWidth }) + 4);
    }
    doc.font('Helvetica-Bold').fontSize(12);
    doc.text('Net paid', columns[1].x, y + 4, { width: columns[1].w + columns[2].w, align: 'right' });
    doc.text(formatDollars(invoice.netPaid), columns[3].x + 4, y + 4, { width: columns[3].w - 8, align: 'right' });
    if (invoice.refundPending > 0) {
      y += 20;
      doc.font('Helvetica').fontSize(9).fillColor(GREY);
      doc.text(
        `${formatDollars(invoice.netPaid - invoice.refundPending)} once the pending refund is back on your card`,
        left,
        y,
        {
          width: columns[3].x + columns[3].w - left - 4,
          align: 'right',
        },
      );
      doc.fillColor('black');
    }
  }

  // Notes.
  y += 40;
  doc.font('Helvetica-Bold').fontSize(11).text('Notes', left, y);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  for (const note of invoice.notes) doc.text(`• ${note}`, { width });
  doc.end();
  return bytes;
}

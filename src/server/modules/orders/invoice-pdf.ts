import { savingLabel } from '#contract/markdowns.ts';
import { dollarsToCents, formatDollars } from '#contract/money.ts';
import { grandTotalLabel, type Invoice, refundStatusLabel } from '#contract/orders.ts';
import { taxRowsOf } from '#contract/tax.ts';
import { priceText, quantityText as unitsText } from '#contract/units.ts';
import { holdText, weightText } from '#contract/weighed.ts';
import { block, type DocOptions, gap, newPdf, section, sideBySide, table, totals } from '../../pdf.ts';

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
function fulfilmentLines(fulfilment: Invoice['fulfilment'][number]): string[] {
  const place = fulfilment.pickupPoint
    ? `Pickup at ${fulfilment.pickupPoint.name}, ${fulfilment.pickupPoint.address}`
    : `Delivery to ${fulfilment.deliveryAddress?.address}, ${fulfilment.deliveryAddress?.postcode}`;
  const note = fulfilment.note ? `Your note: ${fulfilment.note}` : '';
  return [`${fulfilment.shopName}: ${place}`, slotText(fulfilment), note];
}

type Item = Invoice['items'][number];

/** An item's unit price as its line says it: with its unit, and a pack's unit price ("$9.50 · $27.94/kg"). */
const unitPriceText = (item: Item) =>
  item.weight
    ? `${formatDollars(item.unitPrice)}/kg`
    : item.unit
      ? priceText(dollarsToCents(item.unitPrice), item.unit, item.pack ?? null)
      : formatDollars(item.unitPrice);

/** An item's quantity as its line says it: in its product's units ("2 jars", "3 kg"; decision 053). */
const quantityText = (item: Item) =>
  item.unit && !item.weight ? unitsText(item.quantity, item.unit, item.pack ?? null) : String(item.quantity);

/** The item's name, then in grey its shop, markdown, weight and cancellation. */
function itemLines(item: Item): string[] {
  const refund = item.refund ? ` · ${formatDollars(item.refund.amount)} ${refundStatusLabel(item.refund.status)}` : '';
  return [
    item.name,
    item.shopName,
    item.saving ? savingText(item.saving) : '',
    item.weight ? weightText(item.weight, item.totalAmount).replace('≈', '~') : '',
    item.status === 'cancelled' ? `Cancelled${refund}` : '',
  ].filter(Boolean);
}

/** The invoice as a PDF on the marketplace's paper, with the same content as the invoice page. */
export function renderInvoicePdf(invoice: Invoice, options: DocOptions = { paper: 'letter' }): Promise<Buffer> {
  const { doc, finish } = newPdf(`Invoice ${invoice.invoiceNumber}`, invoice.company.name, options);

  // Header: company and invoice number.
  sideBySide(
    doc,
    [
      { text: invoice.company.name, style: 'title' },
      ...[invoice.company.tagline, invoice.company.address, invoice.company.email, invoice.company.phone].map(
        (text) => ({ text, style: 'muted' as const }),
      ),
    ],
    [
      { text: 'INVOICE', style: 'subtitle' },
      `Invoice number: ${invoice.invoiceNumber}`,
      `Order: ${invoice.orderNumber}`,
      `Date: ${day(invoice.date)}`,
    ],
  );
  gap(doc, 20);

  // Bill to and overview.
  sideBySide(
    doc,
    [
      { text: 'Bill to', style: 'heading' },
      invoice.billTo.name,
      invoice.billTo.address,
      invoice.billTo.phone,
      invoice.billTo.email,
      invoice.note ? `Your note for the shop: ${invoice.note}` : '',
    ],
    [
      { text: 'Overview', style: 'heading' },
      `Payment method: ${invoice.payment.method}`,
      `Status: ${invoice.payment.status}`,
      `Grand total: ${formatDollars(invoice.grandTotal)}`,
      invoice.hold ? `Weighed goods: ${holdText(invoice.hold)}` : '',
      ...(invoice.refunds.length > 0
        ? [
            `Refunded: ${formatDollars(invoice.refunded + invoice.refundPending)}`,
            `Net paid: ${formatDollars(invoice.netPaid)}`,
          ]
        : []),
    ],
    'left',
  );

  // Pickup and delivery, one paragraph per shop.
  if (invoice.fulfilment.length > 0) {
    gap(doc, 16);
    section(
      doc,
      'Pickup & delivery',
      invoice.fulfilment.flatMap((fulfilment, i) => [...(i > 0 ? [' '] : []), ...fulfilmentLines(fulfilment)]),
    );
  }

  // Item table.
  gap(doc, 20);
  table(
    doc,
    [
      { header: 'Name', grow: 1, share: 0.4 },
      { header: 'Unit Price', numeric: true },
      { header: 'Quantity', numeric: true },
      { header: 'Total Amount', numeric: true },
    ],
    invoice.items.map((item) => [
      itemLines(item),
      unitPriceText(item),
      quantityText(item),
      formatDollars(item.totalAmount),
    ]),
  );

  // Totals, then the refunds, kept together.
  gap(doc, 8);
  const lines = [
    { label: 'Subtotal', value: formatDollars(invoice.subtotal) },
    ...(invoice.discount > 0
      ? [{ label: `Coupon ${invoice.couponCode ?? ''}`.trim(), value: `-${formatDollars(invoice.discount)}` }]
      : []),
    { label: 'Delivery', value: invoice.deliveryFee > 0 ? formatDollars(invoice.deliveryFee) : 'Free' },
    ...taxRowsOf(invoice.taxLines ?? [], invoice.pricesIncludeTax ?? false).map(([label, value]) => ({ label, value })),
    { label: grandTotalLabel(invoice.hold), value: formatDollars(invoice.grandTotal), strong: true },
    ...invoice.refunds.map((refund) => ({
      label: `Refund: ${refund.description} · ${refundStatusLabel(refund.status)}`,
      value: `-${formatDollars(refund.amount)}`,
    })),
    ...(invoice.refunds.length > 0 ? [{ label: 'Net paid', value: formatDollars(invoice.netPaid), strong: true }] : []),
  ];
  totals(doc, lines);
  if (invoice.refundPending > 0)
    block(
      doc,
      [
        {
          text: `${formatDollars(invoice.netPaid - invoice.refundPending)} once the pending refund is back on your card`,
          style: 'muted',
        },
      ],
      { align: 'right' },
    );

  // Notes.
  gap(doc, 24);
  section(
    doc,
    'Notes',
    invoice.notes.map((note) => ({ text: `• ${note}`, style: 'muted' as const })),
  );
  return finish();
}

import type { ContactDetails } from '#contract/contact.ts';
import type { CustomerPayment, Invoice } from '#contract/orders.ts';
import { INVOICE_COMPANY, invoiceNotes } from '#contract/orders.ts';
import type { Pack, Unit } from '#contract/units.ts';
import type { Db } from '../../db/client.ts';
import { productNames } from '../catalog/index.ts';
import { readablePayment } from './queries.ts';

function cardLabel(payment: CustomerPayment) {
  if (!payment.cardLast4) return 'Card';
  const brand = payment.cardBrand ? payment.cardBrand[0].toUpperCase() + payment.cardBrand.slice(1) : 'Card';
  return `${brand} •••• ${payment.cardLast4}`;
}

/**
 * The invoice of a payment, headed by Farmstall's configured contact details; each line's price per unit as recorded
 * with the line, else of its product (`units`, by product id, with the pack one unit is; a line from before options
 * whose product was deleted has none).
 */
export function toInvoice(
  payment: CustomerPayment,
  contact: ContactDetails,
  units: Map<string, { unit: Unit; pack: Pack | null }>,
): Invoice {
  return {
    _id: payment._id,
    invoiceNumber: payment.invoiceNumber,
    orderNumber: payment.orderNumber,
    date: payment.date,
    company: { ...INVOICE_COMPANY, address: contact.address, email: contact.email, phone: contact.phone },
    billTo: { name: payment.orderName, address: payment.address, phone: payment.phoneNumber, email: payment.email },
    note: payment.note,
    payment: {
      method: cardLabel(payment),
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      status: payment.status,
    },
    items: payment.productIds.map((item) => ({
      _id: item._id,
      name: item.itemName,
      shopName: item.shopName,
      unitPrice: item.price,
      saving: item.saving ?? null,
      // The unit and pack recorded with the line (decision 052); a line from before options reads its product's.
      unit: item.unit ?? ((item.productId && units.get(item.productId)?.unit) || null),
      pack: item.unit ? (item.pack ?? null) : (item.productId && units.get(item.productId)?.pack) || null,
      quantity: item.amount,
      totalAmount: item.totalPrice,
      status: item.status,
      refund: item.refund,
      weight: item.weight ?? null,
    })),
    subtotal: payment.subtotal,
    discount: payment.discount,
    couponCode: payment.couponCode,
    deliveryFee: payment.deliveryFee,
    fulfilment: payment.fulfilment,
    grandTotal: payment.price,
    ...(payment.taxLines
      ? { tax: payment.tax, pricesIncludeTax: payment.pricesIncludeTax, taxLines: payment.taxLines }
      : {}),
    refunds: payment.refunds,
    refunded: payment.refunded,
    refundPending: payment.refundPending,
    netPaid: payment.netPaid,
    hold: payment.hold ?? null,
    ...(payment.chargeAt !== undefined ? { chargeAt: payment.chargeAt } : {}),
    notes: invoiceNotes(payment.hold, payment.chargeAt),
  };
}

/** The invoice of one payment, for its buyer or an admin. */
export async function getInvoice(db: Db, id: string, caller: { id: string; role: string }, contact: ContactDetails) {
  const payment = await readablePayment(db, id, caller);
  const products = await productNames(
    db,
    payment.productIds.flatMap((item) => (item.productId && !item.unit ? [item.productId] : [])),
  );
  return toInvoice(payment, contact, products);
}

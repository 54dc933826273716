import { z } from 'zod';
import { UNITS } from './categories.ts';
import { orderFulfilment } from './checkout-plan.ts';
import { FULFILMENT_STATUSES, ORDER_STATUSES, slotCancelledByShop } from './fulfilment.ts';
import { lineSaving } from './markdowns.ts';
import { formatDollars } from './money.ts';
import { packShape } from './pack.ts';
import { pageQuery, paginated } from './pagination.ts';
import { RETURNS_POLICY } from './policies.ts';
import { taxRateLine } from './tax.ts';
import { uuidField } from './validation.ts';

/** A payment's status is its order's; a line's is its shop's step (fulfilment.ts). */
export const PAYMENT_STATUSES = ORDER_STATUSES;
export const LINE_STATUSES = FULFILMENT_STATUSES;
/** A refund is pending until the card provider gives the money back; failed ones are retried by a person. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What the buyer reads for a refund's status: anything not yet given back is still pending for them. */
export function refundStatusLabel(status: RefundStatus) {
  return status === 'succeeded' ? 'Refunded' : 'Refund pending';
}

/** Money given back on a payment, e.g. for the lines a shop cancelled. */
export const paymentRefund = z.object({
  _id: z.string(),
  /** Dollars given back (or to be given back). */
  amount: z.number(),
  /** What was refunded and why, e.g. 'Carrots ×2 (Green Valley Farm), cancelled by the shop'. */
  description: z.string(),
  /** The order lines it gives back, when a shop cancelled them. */
  lineIds: z.array(z.string()),
  status: z.enum(REFUND_STATUSES),
  date: z.string(),
});
export type PaymentRefund = z.infer<typeof paymentRefund>;

/** A line's share of the charge given back when its shop cancelled it, or null. */
const lineRefund = z.object({ amount: z.number(), status: z.enum(REFUND_STATUSES) }).nullable();

/**
 * A line sold by weight (its unit price is per kg): the grams estimated at checkout and their price (dollars), and
 * the grams the shop weighed (null until then; the line's total is then priced by them).
 */
export const lineWeight = z
  .object({ estimatedGrams: z.number().int(), estimate: z.number(), actualGrams: z.number().int().nullable() })
  .nullable();
export type LineWeight = z.infer<typeof lineWeight>;

/**
 * Weighed goods: the card was only authorized (for the estimate plus 10%) and is charged once everything is weighed.
 * `captured` is what is charged (null until decided: never more than authorized), `notCharged` what the order came to
 * above the authorized amount. status: authorized (nothing charged yet), charging (decided, being charged), charged,
 * released (everything was cancelled: the hold is released and nothing charged).
 */
export const cardHold = z
  .object({
    authorized: z.number(),
    captured: z.number().nullable(),
    notCharged: z.number(),
    /** What of the hold is given back: the cancelled parts' shares until the charge, all but the charge after it. */
    released: z.number(),
    status: z.enum(['authorized', 'charging', 'charged', 'released']),
  })
  .nullable();
export type CardHold = z.infer<typeof cardHold>;

/** One bought product, copied at purchase (the spec's productIds entries). */
export const purchasedItem = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  amount: z.number().int(),
  /** Unit price in dollars at purchase. */
  price: z.number(),
  /** The deal or near-expiry markdown the unit price was sold at (decision 021), or null. */
  saving: lineSaving.optional(),
  totalPrice: z.number(),
  shopName: z.string(),
  /** The selling shop's id (the spec's shopEmail was its vendor's sign-in, which the buyer does not read: decision 050). */
  shopId: z.string(),
  itemName: z.string(),
  image: z.string(),
  status: z.enum(LINE_STATUSES),
  /** What was given back for this line when its shop cancelled it (its share of the charge), or null. */
  refund: lineRefund,
  weight: lineWeight.optional(),
  /**
   * The size or pack bought (decision 052) and its label as it was at purchase ("Dozen"; the item name then reads
   * "Eggs — Dozen" when the product had several), null on lines from before options.
   */
  optionId: z.string().nullable().optional(),
  optionLabel: z.string().nullable().optional(),
  /** What the line's amount counts, as it was at purchase (decision 053); absent on lines from before options. */
  unit: z.enum(UNITS).nullable().optional(),
  pack: packShape.nullable().optional(),
});
export type PurchasedItem = z.infer<typeof purchasedItem>;

/** What came of a payment after checkout: its tax, the refunds, and the card hold of weighed goods. */
const paymentOutcome = {
  /** A taxed order (decision 028): its tax in dollars, whether the prices included it, and one line per rate. */
  tax: z.number().optional(),
  pricesIncludeTax: z.boolean().optional(),
  taxLines: z.array(taxRateLine).optional(),
  /** Refunds of this payment, oldest first. */
  refunds: z.array(paymentRefund),
  /** Dollars already given back. */
  refunded: z.number(),
  /** Dollars being given back but not yet back on the card. */
  refundPending: z.number(),
  /** What the buyer paid net of the refunds already given back. */
  netPaid: z.number(),
  /** Weighed goods: the card hold and what was charged of it; null when the card was charged at checkout. */
  hold: cardHold.optional(),
  /**
   * A subscription's order not charged yet (decision 068): when its card is charged (its slot's cutoff, ISO, and in
   * the shop's zone, "Fri 4 Dec, 09:00"); absent once charged. Until then nothing is paid (netPaid 0).
   */
  chargeAt: z.object({ at: z.string(), label: z.string() }).nullable().optional(),
};

/** The spec's customer payment record (money in dollars). */
export const customerPayment = z.object({
  _id: z.string(),
  orderId: z.string(),
  /** The order's number as people read it, e.g. 'FS-10234', and its invoice's, e.g. 'INV-10234' (order-numbers.ts). */
  orderNumber: z.string(),
  invoiceNumber: z.string(),
  email: z.string(),
  /** Amount charged: the goods less any coupon, plus delivery. */
  price: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  /** Dollars of the shops' delivery fees included in the price. */
  deliveryFee: z.number(),
  couponCode: z.string().nullable(),
  date: z.string(),
  cartIds: z.array(z.string()),
  productIds: z.array(purchasedItem),
  name: z.string(),
  orderName: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  /** The shopper's note for the shop, given at checkout, or null. */
  note: z.string().nullable(),
  /** How each shop's part is handed over (pickup or delivery slot); none for a shop without such settings. */
  fulfilment: z.array(orderFulfilment),
  /** The booked slots whose date the shop cancelled afterwards (a holiday). */
  cancelledSlots: z.array(slotCancelledByShop),
  transactionId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  ...paymentOutcome,
});
export type CustomerPayment = z.infer<typeof customerPayment>;

/** A page of orders; with `q`, only the order of that number ('FS-10234' or '10234'). */
export const orderSearchQuery = pageQuery.extend({
  q: z.string().trim().max(100, { error: 'At most 100 characters', abort: true }).default(''),
});
export type OrderSearchQuery = z.infer<typeof orderSearchQuery>;
export const historyQuery = orderSearchQuery;
export const customerPaymentPage = paginated(customerPayment);

/** The seller block at the top of every invoice; its address, e-mail and phone come from the server's CONTACT_* settings. */
export const INVOICE_COMPANY = {
  name: 'Farmstall',
  tagline: 'A grocery store for local food',
} as const;

/**
 * The notes printed under every invoice. Every order is paid by card before it is placed, so an invoice never has an
 * unpaid balance: it says so instead of the spec's finance charge on unpaid balances.
 */
export const INVOICE_NOTES = [
  'All amounts are in US dollars.',
  'Paid in full by card at checkout: nothing is owed on this invoice.',
  RETURNS_POLICY.text,
  'Delivery may be delayed by unforeseen circumstances.',
] as const;

/** The notes of one invoice: an order of weighed goods says how its card hold is charged instead of "paid in full". */
export function invoiceNotes(hold: CardHold | undefined, chargeAt?: { label: string } | null): string[] {
  if (chargeAt !== undefined) {
    const due = chargeAt
      ? `Not charged yet: your card is charged at the cutoff, ${chargeAt.label}.`
      : 'Not charged yet: your card is charged at the cutoff.';
    return INVOICE_NOTES.map((note) => (note === INVOICE_NOTES[1] ? due : note));
  }
  if (!hold) return [...INVOICE_NOTES];
  const paid =
    hold.status === 'authorized'
      ? `Your card is held for ${formatDollars(hold.authorized)}: it is charged the weighed price once the shops have weighed your goods, never more. Nothing else is owed on this invoice.`
      : hold.status === 'released'
        ? 'The card hold was released: nothing was charged and nothing is owed on this invoice.'
        : 'Charged by card for the weighed price, within the card hold: nothing is owed on this invoice.';
  return INVOICE_NOTES.map((note) => (note === INVOICE_NOTES[1] ? paid : note));
}

/** The invoice's total's name: an estimate while weighed goods are only held on the card. */
export const grandTotalLabel = (hold: CardHold | undefined) =>
  hold?.status === 'authorized' ? 'Estimated Total' : 'Grand Total';

export const invoice = z.object({
  _id: z.string(),
  /** The invoice's own number, e.g. 'INV-10234', and the number of the order it bills, e.g. 'FS-10234'. */
  invoiceNumber: z.string(),
  orderNumber: z.string(),
  date: z.string(),
  company: z.object({
    name: z.string(),
    tagline: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  billTo: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  /** The buyer's note for the shop, given at checkout, or null. */
  note: z.string().nullable(),
  payment: z.object({
    method: z.string(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    status: z.enum(PAYMENT_STATUSES),
  }),
  items: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      shopName: z.string(),
      unitPrice: z.number(),
      /** The deal or near-expiry markdown in the unit price ("Near-expiry markdown −30%"), or null. */
      saving: lineSaving,
      /** What the unit price is for (null when the product has since been deleted). */
      unit: z.enum(UNITS).nullable(),
      /** The named pack one unit is (unit `pack`; decision 053), else null. */
      pack: packShape.nullable().optional(),
      quantity: z.number().int(),
      totalAmount: z.number(),
      status: z.enum(LINE_STATUSES),
      refund: lineRefund,
      weight: lineWeight.optional(),
    }),
  ),
  subtotal: z.number(),
  discount: z.number(),
  couponCode: z.string().nullable(),
  /** Dollars of delivery fees included in the grand total (the "Delivery" line). */
  deliveryFee: z.number(),
  /** Each shop's slot, place or address and the note to the producer. */
  fulfilment: z.array(orderFulfilment),
  grandTotal: z.number(),
  /** Its payment's tax, refunds (as in the payment history) and hold; netPaid is the grand total less refunds given. */
  ...paymentOutcome,
  notes: z.array(z.string()),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceParams = z.object({ id: uuidField('Not an invoice id') });

/** POST /orders: the spec's client posts the order after paying; the order already exists, this confirms it. */
export const orderAckInput = z.object({ transactionId: z.string().min(1).max(100) });
export const orderAck = z.object({ insertedId: z.string(), status: z.enum(PAYMENT_STATUSES) });

/** Customer home figures. */
export const customerStats = z.object({
  /** Units bought across all orders. */
  totalItems: z.number().int(),
  /** Dollars paid across all orders. */
  totalMoney: z.number(),
  orders: z.number().int(),
  deliveredOrders: z.number().int(),
  /** Share of orders delivered, 0-100 ('Shopping done'). */
  shoppingDone: z.number().int(),
});
export type CustomerStats = z.infer<typeof customerStats>;

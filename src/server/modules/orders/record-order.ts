import type { FulfilmentStatus, OrderStatus } from '#contract/fulfilment.ts';
import type { PriceSaving } from '#contract/markdowns.ts';
import type { FulfilmentKind } from '#contract/slots.ts';
import type { Pack, Unit } from '#contract/units.ts';
import type { Tx } from '../../db/client.ts';
import { commissionForOrder } from '../payments/index.ts';
import { customerPayments, orderFulfilments, orderLines, orders } from './tables.ts';

/** A paid checkout as it is recorded: the payment record, its order, and lines copied at purchase. */
export type NewOrder = {
  userId: string;
  email: string;
  /** The buyer's account name. */
  name: string;
  /** Delivery details from the checkout form. */
  orderName: string;
  phoneNumber: string;
  address: string;
  subtotalCents: number;
  discountCents: number;
  /** The shops' delivery fees, included in the price. */
  deliveryCents?: number;
  priceCents: number;
  /** The order's tax (decision 028): added to the price, or included in it. */
  taxCents?: number;
  taxIncluded?: boolean;
  couponCode?: string | null;
  provider: string;
  transactionId: string;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The subscription whose delivery this order is (issue 37); none for a one-off order. */
  subscriptionId?: string | null;
  /** Set by imported or demo orders; a checkout's order starts pending, now. */
  status?: OrderStatus;
  lineStatus?: FulfilmentStatus;
  createdAt?: Date;
  lines: {
    /** Null for a line that is no product of the catalog (a subscription's box). */
    productId: string | null;
    vendorId: string;
    shopName: string;
    shopEmail: string;
    itemName: string;
    image: string;
    unitPriceCents: number;
    /** Sold at a deal or a near-expiry markdown: which, its percent, and the unit price before it. */
    saving?: { kind: PriceSaving['kind']; percent: number; listPriceCents: number } | null;
    amount: number;
    /** Default unit price × amount; a weighed line's estimate (its unit price is per kg). */
    totalCents?: number;
    /** Sold by weight: the grams estimated at checkout. */
    estimatedGrams?: number | null;
    /** The rate of its category at purchase (basis points) and its tax. */
    taxBps?: number;
    taxCents?: number;
    /**
     * The option sold (decision 052), as it is at purchase: its label, SKU, the pool units one takes (null: its own
     * stock), and what one unit is (unit and pack). Absent on imported lines of products without options.
     */
    optionId?: string | null;
    optionLabel?: string | null;
    sku?: string | null;
    draws?: number | null;
    unit?: Unit | null;
    pack?: Pack | null;
  }[];
  /** How each shop's part is handed over (none for a shop that offers no pickup or delivery). */
  fulfilments?: NewFulfilment[];
};

/** One shop's part of an order as fulfilled: the slot booked, where, the fee and the note, copied at purchase. */
export type NewFulfilment = {
  shopId: string;
  shopName: string;
  kind: FulfilmentKind;
  windowId: string;
  slotDate: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  pickupPoint: { name: string; address: string } | null;
  deliveryAddress: { address: string; postcode: string } | null;
  feeCents: number;
  note: string | null;
};

/**
 * Records the payment, the order and its lines in the caller's transaction; answers the order's id. Each line keeps
 * the commission rate of its shop's membership and the order the fee per shop part, as they stand now.
 */
export async function recordOrder(tx: Tx, input: NewOrder): Promise<string> {
  const { lines, fulfilments = [], status, lineStatus, createdAt, subscriptionId = null, ...payment } = input;
  const commission = await commissionForOrder(
    tx,
    lines.map((line) => line.vendorId),
  );
  const [paid] = await tx
    .insert(customerPayments)
    .values({ ...payment, couponCode: payment.couponCode ?? null, createdAt })
    .returning({ id: customerPayments.id });
  const [order] = await tx
    .insert(orders)
    .values({
      paymentId: paid.id,
      userId: input.userId,
      email: input.email,
      name: input.orderName,
      status: status ?? 'pending',
      commissionFeeCents: commission.feeCents,
      subscriptionId,
      createdAt,
    })
    .returning({ id: orders.id });
  await tx.insert(orderLines).values(
    lines.map(({ saving, pack, ...line }) => ({
      ...line,
      packLabel: pack?.label ?? null,
      netQuantity: pack?.netQuantity ?? null,
      netUnit: pack?.netUnit ?? null,
      saving: saving?.kind ?? null,
      savingPercent: saving?.percent ?? null,
      listPriceCents: saving?.listPriceCents ?? null,
      orderId: order.id,
      totalCents: line.totalCents ?? line.unitPriceCents * line.amount,
      status: lineStatus ?? 'pending',
      commissionBps: commission.bpsOf(line.vendorId),
      createdAt,
    })),
  );
  if (fulfilments.length > 0)
    await tx.insert(orderFulfilments).values(
      fulfilments.map(({ pickupPoint, deliveryAddress, ...fulfilment }) => ({
        ...fulfilment,
        orderId: order.id,
        pickupPointName: pickupPoint?.name ?? null,
        pickupPointAddress: pickupPoint?.address ?? null,
        deliveryAddress: deliveryAddress?.address ?? null,
        deliveryPostcode: deliveryAddress?.postcode ?? null,
        createdAt,
      })),
    );
  return order.id;
}

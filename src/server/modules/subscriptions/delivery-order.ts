import { paidShares } from '#contract/shares.ts';
import { discountedCents } from '#contract/subscription-words.ts';
import { orderTax } from '#contract/tax.ts';
import { lineCents } from '#contract/weighed.ts';
import type { Tx } from '../../db/client.ts';
import { productsForCart, takeStock } from '../catalog/index.ts';
import { recordOrder, unchargedTransactionId } from '../orders/index.ts';
import { bookReservedPlace, type ServedWindow, servedSlot } from '../slots/index.ts';
import { currentTax } from '../tax/index.ts';

/** What a delivery's order is made from: the plan as it stands, its shop, the subscriber and their window. */
export type DeliveryFacts = {
  subscription: {
    id: string;
    userId: string;
    deliveryAddress: string | null;
    deliveryPostcode: string | null;
    cardBrand: string | null;
    cardLast4: string | null;
  };
  plan: {
    id: string;
    name: string;
    kind: 'fixed' | 'box';
    pricing: 'per_delivery' | 'season' | 'installments';
    boxValueCents: number | null;
    /** A box's category: its line takes that category's tax rate. */
    boxCategory: string;
    discountPercent: number | null;
    items: { optionId: string; quantity: number }[];
  };
  /** A season's delivery (decision 070): its share of the season's payment, which its order costs in all. */
  season: { shareCents: number } | null;
  shop: { id: string; name: string; email: string };
  buyer: { name: string; email: string; phone: string | null };
  window: ServedWindow;
  /** This week's box as the farm set it, else the plan's usual contents. */
  boxContents: string | null;
  provider: string;
};

/** What became of a delivery's order: made (with what was short or left out), or nothing to deliver. */
export type MadeOrder =
  | { orderId: string; short: string[]; left: string[]; priceCents: number }
  | { orderId: null; short: string[]; left: string[]; priceCents: 0 };

type Line = Parameters<typeof recordOrder>[1]['lines'][number] & { soldByWeight: boolean };

/**
 * The fixed list's lines as the shop can fill them now, its products locked: each option listed at its list price
 * (the plan's discount comes off the order), as many as its stock covers; an option no longer sold is left out.
 */
async function fixedLines(tx: Tx, facts: DeliveryFacts) {
  const options = await productsForCart(
    tx,
    facts.plan.items.map((item) => item.optionId),
    { lock: true },
  );
  const lines: Line[] = [];
  const short: string[] = [];
  const left: string[] = [];
  for (const item of facts.plan.items) {
    const option = options.get(item.optionId);
    const name = option ? (option.optionCount > 1 ? `${option.name} — ${option.optionLabel}` : option.name) : 'An item';
    if (!option?.listed || option.expired) {
      left.push(name);
      continue;
    }
    const amount = Math.min(item.quantity, Math.max(0, option.stock));
    if (amount < item.quantity) short.push(`${name} ×${amount} of ${item.quantity}`);
    if (amount === 0) continue;
    const priced = {
      priceCents: option.listPriceCents,
      amount,
      soldByWeight: option.soldByWeight,
      gramsPerPiece: option.gramsPerPiece,
    };
    lines.push({
      productId: option.productId,
      vendorId: option.vendorId,
      shopName: option.shopName,
      shopEmail: option.shopEmail,
      itemName: name,
      image: option.image,
      unitPriceCents: option.listPriceCents,
      amount,
      totalCents: lineCents(priced),
      estimatedGrams: option.soldByWeight && option.gramsPerPiece ? amount * option.gramsPerPiece : null,
      taxBps: option.taxBps,
      optionId: option.optionId,
      optionLabel: option.optionLabel,
      sku: option.sku,
      draws: option.draws,
      unit: option.unit,
      pack: option.pack,
      soldByWeight: option.soldByWeight,
    });
  }
  return { lines, short, left };
}

/**
 * A box plan's one line: the box at its value (its contents go on the order's note for the packing slip), taxed at
 * the rate of the category the farm declared for it, as a product of that category is.
 */
function boxLine(facts: DeliveryFacts, taxBps: number): Line {
  return {
    productId: null,
    vendorId: facts.shop.id,
    shopName: facts.shop.name,
    shopEmail: facts.shop.email,
    itemName: facts.plan.name,
    image: '',
    unitPriceCents: facts.plan.boxValueCents ?? 0,
    amount: 1,
    totalCents: facts.plan.boxValueCents ?? 0,
    taxBps,
    soldByWeight: false,
  };
}

/**
 * Makes the order of one subscription delivery in the caller's transaction (the delivery's row is already written
 * there, so the order is made once): priced by the plan (the options at their price, or the box's value, less the
 * plan's discount; the shop's delivery fee for a delivery window; tax as at checkout), stock taken for what there is,
 * recorded as the subscription's order, not yet charged, with its place booked in the slot reserved for it.
 */
export async function makeDeliveryOrder(tx: Tx, facts: DeliveryFacts, deliveryOn: string): Promise<MadeOrder> {
  const { included, bpsOf } = await currentTax(tx);
  let { lines, short, left } =
    facts.plan.kind === 'box'
      ? { lines: [boxLine(facts, bpsOf(facts.plan.boxCategory))], short: [], left: [] }
      : await fixedLines(tx, facts);
  if (lines.length === 0) return { orderId: null, short, left, priceCents: 0 };
  const { window, subscription, buyer } = facts;
  if (facts.season) lines = seasonLines(lines, facts.season.shareCents, included);
  const subtotal = lines.reduce((sum, line) => sum + (line.totalCents ?? 0), 0);
  const discount = facts.season ? 0 : subtotal - discountedCents(subtotal, facts.plan.discountPercent);
  const free = window.freeDeliveryOverCents !== null && subtotal - discount >= window.freeDeliveryOverCents;
  // A season's price covers its deliveries: no fee is added to them.
  const feeCents = window.kind === 'delivery' && !free && !facts.season ? window.deliveryFeeCents : 0;
  const tax = orderTax(
    lines.map((line) => ({ totalCents: line.totalCents ?? 0, taxBps: line.taxBps ?? 0 })),
    discount,
    included,
  );
  if (facts.plan.kind === 'fixed')
    await takeStock(
      tx,
      lines.map((line) => ({ optionId: line.optionId as string, amount: line.amount })),
    );
  const slot = servedSlot(window, deliveryOn);
  const address =
    window.kind === 'delivery' && subscription.deliveryAddress && subscription.deliveryPostcode
      ? { address: subscription.deliveryAddress, postcode: subscription.deliveryPostcode }
      : null;
  const orderId = await recordOrder(tx, {
    userId: subscription.userId,
    email: buyer.email,
    name: buyer.name,
    orderName: buyer.name,
    phoneNumber: buyer.phone ?? '',
    address: address
      ? `${address.address}, ${address.postcode}`
      : (window.pickupPoint?.address ?? 'Collected at pickup'),
    subtotalCents: subtotal,
    discountCents: discount,
    deliveryCents: feeCents,
    priceCents: subtotal - discount + feeCents + tax.addedCents,
    taxCents: tax.totalCents,
    taxIncluded: included,
    provider: facts.provider,
    transactionId: unchargedTransactionId(subscription.id, deliveryOn),
    cardBrand: subscription.cardBrand,
    cardLast4: subscription.cardLast4,
    subscriptionId: subscription.id,
    lines: lines.map(({ soldByWeight: _, ...line }, index) => ({ ...line, taxCents: tax.taxCents[index] })),
    fulfilments: [
      {
        shopId: facts.shop.id,
        shopName: facts.shop.name,
        kind: window.kind,
        windowId: window.id,
        slotDate: deliveryOn,
        startsAt: slot.start,
        endsAt: slot.end,
        timeZone: window.timeZone,
        pickupPoint: window.kind === 'pickup' ? window.pickupPoint : null,
        deliveryAddress: address,
        feeCents,
        note: facts.plan.kind === 'box' && facts.boxContents ? `This week's box: ${facts.boxContents}` : null,
      },
    ],
  });
  await bookReservedPlace(tx, { windowId: window.id, date: deliveryOn, shopperId: subscription.userId, orderId });
  return { orderId, short, left, priceCents: subtotal - discount + feeCents + tax.addedCents };
}

/**
 * A season's delivery's lines priced at its share (decision 070): the share split over the lines in proportion to
 * their list prices (to the cent, as `paidShares` splits a charge), none weighed afterwards (the season's price is
 * the price); where tax is added to prices, the most goods whose tax brings the order to the share at most.
 */
function seasonLines(lines: Line[], shareCents: number, taxIncluded: boolean): Line[] {
  const listed = lines.map((line) => line.totalCents ?? 0);
  const weights = listed.some((cents) => cents > 0) ? listed : lines.map(() => 1);
  const at = (goodsCents: number) =>
    paidShares(weights, goodsCents).map((part, index) => ({
      ...lines[index],
      totalCents: part,
      unitPriceCents: Math.round(part / lines[index].amount),
      estimatedGrams: null,
      soldByWeight: false,
    }));
  if (taxIncluded) return at(shareCents);
  let low = 0;
  let high = shareCents;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const added = orderTax(
      at(mid).map((line) => ({ totalCents: line.totalCents, taxBps: line.taxBps ?? 0 })),
      0,
      false,
    ).addedCents;
    if (mid + added <= shareCents) low = mid;
    else high = mid - 1;
  }
  return at(low);
}

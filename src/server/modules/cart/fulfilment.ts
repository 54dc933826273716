import { and, eq, inArray } from 'drizzle-orm';
import type { CheckoutPlan, FulfilmentProblem, ShopChoiceInput } from '#contract/checkout-plan.ts';
import { centsToDollars, formatMoney } from '#contract/money.ts';
import type { Slot } from '#contract/slots.ts';
import { WEIGHED_BOOKING_DAYS, WEIGHED_BOOKING_RULE, WEIGHED_TOO_FAR } from '#contract/weighed.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  type ChosenSlot,
  checkArea,
  decodeSlotId,
  describeSlots,
  type ShopTerms,
  shopTerms,
  slotRefusal,
} from '../slots/index.ts';
import { defaultAddressOf } from '../users/index.ts';
import { type CartLine, hasWeighedGoods, listCartLines, subtotalCents } from './queries.ts';
import { cartDeliveryAddresses, cartShopChoices } from './tables.ts';

type Delivery = NonNullable<ShopTerms['delivery']>;
type Address = { address: string; postcode: string };

/** One shop's part of the cart, how the shopper chose to get it, what that costs and what stops its payment. */
export type ShopPart = {
  shopId: string;
  shopName: string;
  terms: ShopTerms;
  subtotalCents: number;
  /** Whether the shop's lines hold weighed goods (the card hold's horizon binds its slot). */
  weighed: boolean;
  choice: { windowId: string; date: string; note: string | null } | null;
  /** The chosen slot as it stands (undefined when none was chosen or it is no longer offered). */
  slot: ChosenSlot | undefined;
  feeCents: number;
  problem: FulfilmentProblem | null;
};

export type CartPlan = {
  parts: ShopPart[];
  /** Weighed goods in the cart: the latest start of a slot it may book (the card hold lasts 7 days); else null. */
  latestStart: Date | null;
  address: Address | null;
  deliveryCents: number;
  ready: boolean;
};

/** The problem as the error a request is refused with. */
export const refusalOf = (problem: FulfilmentProblem) => new AppError(problem.code, problem.message);

/** Why the shop does not deliver to the postcode, or null when it does. */
export function areaProblem(shopName: string, delivery: Delivery, postcode: string): FulfilmentProblem | null {
  switch (checkArea(delivery, postcode)) {
    case 'inside':
      return null;
    case 'outside':
      return {
        code: 'OUT_OF_AREA',
        message: `${shopName} does not deliver to ${postcode}: please choose pickup or another address`,
      };
    case 'unplaced':
      return {
        code: 'OUT_OF_AREA',
        message: `We could not place the postcode ${postcode} on the map, so we cannot tell whether ${shopName} delivers there: please check it or choose pickup`,
      };
  }
}

function deliveryProblem(
  shopName: string,
  delivery: Delivery | null,
  address: Address | null,
  subtotal: number,
): FulfilmentProblem | null {
  if (!delivery) return null;
  if (!address) return { code: 'OUT_OF_AREA', message: `Please enter the delivery address for ${shopName}'s delivery` };
  const outside = areaProblem(shopName, delivery, address.postcode);
  if (outside) return outside;
  if (subtotal < delivery.minimumOrderCents)
    return {
      code: 'BELOW_MINIMUM',
      message: `${shopName} delivers orders of ${formatMoney(delivery.minimumOrderCents)} or more: please add ${formatMoney(delivery.minimumOrderCents - subtotal)} more or choose pickup`,
    };
  return null;
}

/** The latest start a cart with weighed goods may book from `now`, or null when it has none. */
const latestStartOf = (lines: CartLine[], now: Date) =>
  hasWeighedGoods(lines) ? new Date(now.getTime() + WEIGHED_BOOKING_DAYS * 86_400_000) : null;

/** A cart with weighed goods cannot book a slot after the card hold ends. */
function holdProblem(slot: ChosenSlot | undefined, latestStart: Date | null): FulfilmentProblem | null {
  if (!slot || !latestStart || new Date(slot.start) <= latestStart) return null;
  return { code: 'SLOT_CLOSED', message: WEIGHED_TOO_FAR };
}

function requiredProblem(shopName: string, terms: ShopTerms): FulfilmentProblem {
  const what = terms.pickup && terms.delivery ? 'a pickup or delivery' : terms.pickup ? 'a pickup' : 'a delivery';
  return { code: 'SLOT_REQUIRED', message: `Please choose ${what} time for ${shopName}` };
}

/** Delivery's fee for this part: none for pickup, none at or over the free-delivery threshold. */
function feeOf(slot: ChosenSlot | undefined, delivery: Delivery | null, subtotal: number): number {
  if (slot?.kind !== 'delivery' || !delivery) return 0;
  return delivery.freeOverCents !== null && subtotal >= delivery.freeOverCents ? 0 : delivery.feeCents;
}

/** Where the cart's delivered parts go: the address given at checkout, else the profile's default address. */
async function addressOf(db: Tx, userId: string): Promise<Address | null> {
  const [row] = await db
    .select({ address: cartDeliveryAddresses.address, postcode: cartDeliveryAddresses.postcode })
    .from(cartDeliveryAddresses)
    .where(eq(cartDeliveryAddresses.userId, userId));
  return row ?? (await defaultAddressOf(db, userId));
}

/**
 * The cart's lines by shop (in the order their shops first appear), with the choices kept for them, priced and
 * checked as the slots stand at `now`. A shop offering neither pickup nor delivery needs no choice.
 */
export async function planCart(db: Tx, userId: string, lines: CartLine[], now: Date): Promise<CartPlan> {
  const shops = new Map<string, { shopName: string; lines: CartLine[] }>();
  for (const line of lines) {
    const shop = shops.get(line.vendorId) ?? { shopName: line.shopName, lines: [] };
    shop.lines.push(line);
    shops.set(line.vendorId, shop);
  }
  const shopIds = [...shops.keys()];
  const [terms, choices, address] = await Promise.all([
    shopTerms(db, shopIds),
    shopIds.length === 0
      ? []
      : db
          .select()
          .from(cartShopChoices)
          .where(and(eq(cartShopChoices.userId, userId), inArray(cartShopChoices.shopId, shopIds))),
    addressOf(db, userId),
  ]);
  const slots = await describeSlots(db, choices, now);
  const latestStart = latestStartOf(lines, now);
  const chosen = new Map(choices.map((c, i) => [c.shopId, { choice: c, slot: slots[i] }]));
  const parts = [...shops].map(([shopId, { shopName, lines: shopLines }]): ShopPart => {
    const shopTerms = terms.get(shopId) as ShopTerms;
    const subtotal = subtotalCents(shopLines);
    const part = { shopId, shopName, terms: shopTerms, subtotalCents: subtotal, weighed: hasWeighedGoods(shopLines) };
    if (!shopTerms.pickup && !shopTerms.delivery)
      return { ...part, choice: null, slot: undefined, feeCents: 0, problem: null };
    const picked = chosen.get(shopId);
    if (!picked)
      return { ...part, choice: null, slot: undefined, feeCents: 0, problem: requiredProblem(shopName, shopTerms) };
    const { slot } = picked;
    const choice = { windowId: picked.choice.windowId, date: picked.choice.date, note: picked.choice.note };
    // The card hold's horizon binds only the shops with weighed goods: the others are charged without waiting.
    const problem =
      slotRefusal(slot, shopName) ??
      holdProblem(slot, part.weighed ? latestStart : null) ??
      (slot?.kind === 'delivery' ? deliveryProblem(shopName, shopTerms.delivery, address, subtotal) : null);
    return { ...part, choice, slot, feeCents: feeOf(slot, shopTerms.delivery, subtotal), problem };
  });
  return {
    parts,
    latestStart,
    address,
    deliveryCents: parts.reduce((sum, part) => sum + part.feeCents, 0),
    ready: parts.length > 0 && parts.every((part) => part.problem === null),
  };
}

const contractSlot = ({ windowId: _w, date: _d, timeZone: _z, label: _l, ...slot }: ChosenSlot): Slot => slot;
const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/** The plan as GET /cart/fulfilment answers it; a shop that saved no settings shows the default time zone. */
export function toCheckoutPlan(plan: CartPlan, defaultTimeZone: string): CheckoutPlan {
  return {
    shops: plan.parts.map((part) => {
      const delivery = part.terms.delivery;
      return {
        shopId: part.shopId,
        shopName: part.shopName,
        timeZone: part.terms.timeZone ?? defaultTimeZone,
        subtotal: centsToDollars(part.subtotalCents),
        offers: {
          pickup: part.terms.pickup,
          delivery: delivery
            ? {
                fee: centsToDollars(delivery.feeCents),
                freeOver: dollarsOrNull(delivery.freeOverCents),
                minimumOrder: centsToDollars(delivery.minimumOrderCents),
              }
            : null,
        },
        choice: part.slot && part.choice ? { slot: contractSlot(part.slot), note: part.choice.note } : null,
        deliveryFee: centsToDollars(part.feeCents),
        weighed: part.weighed,
        problem: part.problem,
      };
    }),
    deliveryAddress: plan.address,
    ...(plan.latestStart
      ? { weighedGoods: { latestStart: plan.latestStart.toISOString(), message: WEIGHED_BOOKING_RULE } }
      : {}),
    deliveryTotal: centsToDollars(plan.deliveryCents),
    ready: plan.ready,
  };
}

/** GET /cart/fulfilment: the caller's cart by shop as it stands at `now`. */
export async function cartPlan(db: Tx, userId: string, now: Date): Promise<CartPlan> {
  return planCart(db, userId, await listCartLines(db, userId), now);
}

/**
 * PUT /cart/fulfilment/:shopId: keeps the slot (and note) chosen for the shop's part of the caller's cart. Refuses
 * a shop with nothing in the cart or a slot that is not the shop's (404), a slot that cannot take the order now
 * (409 SLOT_CLOSED or SLOT_FULL), and a delivery slot when the address given is outside the area (400 OUT_OF_AREA).
 */
export async function chooseSlot(
  db: Tx,
  userId: string,
  shopId: string,
  input: { slotId: string; note: ShopChoiceInput['note'] },
  now: Date,
): Promise<void> {
  const lines = await listCartLines(db, userId);
  const line = lines.find((l) => l.vendorId === shopId);
  if (!line) throw new AppError('NOT_FOUND', 'This shop has nothing in your cart');
  const picked = decodeSlotId(input.slotId);
  const [slot] = picked ? await describeSlots(db, [{ shopId, ...picked }], now) : [];
  if (!picked || !slot) throw notFound('Slot');
  const ownLines = lines.filter((l) => l.vendorId === shopId);
  const refusal = slotRefusal(slot, line.shopName) ?? holdProblem(slot, latestStartOf(ownLines, now));
  if (refusal) throw refusalOf(refusal);
  if (slot.kind === 'delivery') {
    const [address, terms] = await Promise.all([addressOf(db, userId), shopTerms(db, [shopId])]);
    const delivery = terms.get(shopId)?.delivery;
    const outside = address && delivery && areaProblem(line.shopName, delivery, address.postcode);
    if (outside) throw refusalOf(outside);
  }
  const values = { windowId: picked.windowId, date: picked.date, note: input.note ?? null, updatedAt: now };
  await db
    .insert(cartShopChoices)
    .values({ userId, shopId, ...values })
    .onConflictDoUpdate({ target: [cartShopChoices.userId, cartShopChoices.shopId], set: values });
}

/** PUT /cart/delivery-address: where the caller's delivered parts go (checked against each area in the plan). */
export async function setDeliveryAddress(db: Tx, userId: string, input: Address, now: Date): Promise<void> {
  const values = { address: input.address, postcode: input.postcode, updatedAt: now };
  await db
    .insert(cartDeliveryAddresses)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: cartDeliveryAddresses.userId, set: values });
}

/** Forgets the choices of these shops (their part of the cart was ordered). */
export async function clearShopChoices(tx: Tx, userId: string, shopIds: string[]): Promise<void> {
  if (shopIds.length === 0) return;
  await tx
    .delete(cartShopChoices)
    .where(and(eq(cartShopChoices.userId, userId), inArray(cartShopChoices.shopId, shopIds)));
}

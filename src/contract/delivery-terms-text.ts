import type { DeliveryTerms } from './delivery-terms.ts';
import { formatDollars } from './money.ts';

// The words of the pickup and delivery terms, apart from their schema: the home page's card needs no zod.

/** "$75", "$3.50". */
const amount = (dollars: number) => (Number.isInteger(dollars) ? `$${dollars}` : formatDollars(dollars));

const atShops = (count: number, of: number) => (count === of ? 'at every shop' : `at ${count} of ${of} shops`);
/** Nothing when every shop does it (the card says "Free pickup" alone), else " at 9 of 11 shops". */
const atSomeShops = (count: number, of: number) => (count === of ? '' : ` at ${count} of ${of} shops`);

/** What pickup costs and where: "Free pickup" (at every shop), "Free pickup at 10 of 12 shops"; null without pickup. */
export function pickupText(t: DeliveryTerms): string | null {
  return t.pickupShops > 0 ? `Free pickup${atSomeShops(t.pickupShops, t.shops)}` : null;
}

/**
 * What delivery costs: "delivery from $3.50 at 10 of 12 shops, free over $50 at some"; "free delivery" (at every
 * shop); null when no shop delivers.
 */
export function deliveryText(t: DeliveryTerms): string | null {
  if (!t.fee || t.deliveryShops === 0) return null;
  const where = atSomeShops(t.deliveryShops, t.shops);
  if (t.fee.max === 0) return `free delivery${where}`;
  if (t.fee.min === 0) return `delivery${where}, free at some`;
  const everywhere = t.freeOver && t.freeOver.shops === t.deliveryShops && t.freeOver.min === t.freeOver.max;
  const free = !t.freeOver ? '' : `, free over ${amount(t.freeOver.min)}${everywhere ? '' : ' at some'}`;
  return `delivery from ${amount(t.fee.min)}${where}${free}`;
}

/** The value card's line: "Free pickup · delivery from $3.50 at 10 of 12 shops, free over $50 at some". */
export function handoverText(t: DeliveryTerms): string {
  const parts = [pickupText(t), deliveryText(t)].filter((p): p is string => p !== null);
  if (parts.length === 0) return 'No shop takes orders yet';
  const [first, ...rest] = parts;
  return [first[0].toUpperCase() + first.slice(1), ...rest].join(' · ');
}

const span = (r: { min: number; max: number }) =>
  r.min === r.max ? amount(r.min) : `${amount(r.min)} to ${amount(r.max)}`;

/**
 * About's fuller account: "Pickup is free at every shop. 10 of 12 shops deliver, for $3.50 to $9 (free over $50 at
 * some), with a minimum order of $20 to $35."
 */
export function deliveryDetails(t: DeliveryTerms): string {
  const pickup =
    t.pickupShops > 0 ? `Pickup is free ${atShops(t.pickupShops, t.shops)}.` : 'No shop offers pickup yet.';
  if (!t.fee || t.deliveryShops === 0) return `${pickup} No shop delivers yet.`;
  const who = t.deliveryShops === t.shops ? 'Every shop delivers' : `${t.deliveryShops} of ${t.shops} shops deliver`;
  const fee = t.fee.max === 0 ? 'free' : `for ${span(t.fee)}`;
  const free = t.freeOver && t.fee.max > 0 ? ` (free over ${amount(t.freeOver.min)} at some)` : '';
  const least = t.minimumOrder;
  const minimum = !least?.max
    ? ''
    : least.min === 0
      ? `, some with a minimum order of up to ${amount(least.max)}`
      : `, with a minimum order of ${span(least)}`;
  return `${pickup} ${who}, ${fee}${free}${minimum}.`;
}

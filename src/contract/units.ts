/**
 * What a product is sold by (issue 32, item 2; decision 053): the one unit vocabulary, and the one way a price, a unit
 * price and a quantity of it are written on every card, page, cart line, invoice, slip and e-mail. Zod-free, so any
 * screen (the home page's cards included) may import it. Options (decision 052) will carry the same unit and pack.
 *
 * The first three values are the spec's and keep their meaning on the wire (`productQuantity.unit`): `liter`, `kg` and
 * `piece` (shown as "each"). The others are added after them, in the order the database's `unit` enum holds them.
 */
import { dollarsText } from './plain-format.ts';

export const UNITS = ['liter', 'kg', 'piece', 'bunch', 'dozen', 'pack', 'g', 'lb', 'oz', 'ml'] as const;
export type Unit = (typeof UNITS)[number];

/** The units a pack's net quantity is given in: pieces or a measure. */
export const NET_UNITS = ['piece', 'g', 'kg', 'lb', 'oz', 'ml', 'liter'] as const;
export type NetUnit = (typeof NET_UNITS)[number];

/** A named pack: what one is called ("jar", "200 g bag") and what it holds (340 g, 6 pieces). */
export type Pack = { label: string; netQuantity: number; netUnit: NetUnit };

type UnitInfo = {
  /** The "Sold by" choice. */
  label: string;
  one: string;
  many: string;
  /** How a price says what it is for. */
  per: string;
  /** Weight and volume in their base (grams, millilitres); counts in pieces. */
  kind: 'weight' | 'volume' | 'count';
  base: number;
};

export const UNIT_INFO: Record<Unit, UnitInfo> = {
  piece: { label: 'Each', one: 'piece', many: 'pieces', per: 'each', kind: 'count', base: 1 },
  bunch: { label: 'Bunch', one: 'bunch', many: 'bunches', per: 'per bunch', kind: 'count', base: 1 },
  dozen: { label: 'Dozen (12)', one: 'dozen', many: 'dozen', per: 'per dozen', kind: 'count', base: 12 },
  pack: { label: 'Pack (jar, bag, box…)', one: 'pack', many: 'packs', per: 'per pack', kind: 'count', base: 1 },
  g: { label: 'Gram (g)', one: 'g', many: 'g', per: 'per g', kind: 'weight', base: 1 },
  kg: { label: 'Kilogram (kg)', one: 'kg', many: 'kg', per: 'per kg', kind: 'weight', base: 1000 },
  lb: { label: 'Pound (lb)', one: 'lb', many: 'lb', per: 'per lb', kind: 'weight', base: 453.59237 },
  oz: { label: 'Ounce (oz)', one: 'oz', many: 'oz', per: 'per oz', kind: 'weight', base: 28.349523125 },
  ml: { label: 'Milliliter (ml)', one: 'ml', many: 'ml', per: 'per ml', kind: 'volume', base: 1 },
  liter: { label: 'Liter (l)', one: 'liter', many: 'liters', per: 'per liter', kind: 'volume', base: 1000 },
};

/** The "Sold by" choices in the order the form lists them. */
export const SOLD_BY_ORDER: readonly Unit[] = ['piece', 'bunch', 'dozen', 'pack', 'g', 'kg', 'lb', 'oz', 'ml', 'liter'];

export const isNetUnit = (unit: string): unit is NetUnit => (NET_UNITS as readonly string[]).includes(unit);

/** "340 g", "6 pieces", "1.5 liters": a pack's net quantity. */
export function netText(pack: Pick<Pack, 'netQuantity' | 'netUnit'>): string {
  const info = UNIT_INFO[pack.netUnit];
  const n = Number(pack.netQuantity.toFixed(3));
  return `${n.toLocaleString('en-US')} ${n === 1 ? info.one : info.many}`;
}

const PLURAL_ES = /(s|x|z|ch|sh)$/;
function plural(word: string): string {
  if (PLURAL_ES.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** Words that measure rather than name a container: a pack named "Half dozen" or "Whole kg" is written by its name. */
const MEASURE_WORDS = new Set<string>([...UNITS, 'dozens', 'piece', 'pieces', 'gram', 'grams', 'kilo', 'kilos', 'l']);

/**
 * What `amount` of the product's units are called, as beside the stepper: "jars", "kg", "dozen", "× box of 6", "×
 * Half dozen" (a pack whose last word measures, not names, it).
 */
export function unitWord(amount: number, unit: Unit, pack: Pack | null = null): string {
  if (unit === 'pack' && pack) {
    const last = pack.label.trim().split(/\s+/).pop() ?? '';
    if (/^[a-z]+$/i.test(last) && !MEASURE_WORDS.has(last.toLowerCase())) return amount === 1 ? last : plural(last);
    return `× ${pack.label}`;
  }
  const info = UNIT_INFO[unit];
  return amount === 1 ? info.one : info.many;
}

/**
 * A quantity of the product's units, as stock, a cart line and a slip say it: "3 kg", "40 bags" (a "200 g bag"),
 * "2 jars", "3 dozen", "5 bunches", "1 piece".
 */
export function quantityText(amount: number, unit: Unit, pack: Pack | null = null): string {
  return `${amount.toLocaleString('en-US')} ${unitWord(amount, unit, pack)}`;
}

/** A line's amount: in its product's units when known ("2 jars", "3 kg"), else the bare number. */
export const amountText = (amount: number, unit?: Unit | null, pack?: Pack | null): string =>
  unit ? quantityText(amount, unit, pack ?? null) : String(amount);

/** What one unit's price is for: "each", "per kg", "per 340 g jar". */
export function perText(unit: Unit, pack: Pack | null = null): string {
  if (unit === 'pack' && pack) return `per ${pack.label}`;
  return UNIT_INFO[unit].per;
}

/**
 * The comparison unit a unit price is given per: weight per kg (per lb for lb and oz), volume per liter, else a piece
 * ("/egg" when the product names its pieces, else " each").
 */
type Reference = { cents: number; per: '/kg' | '/lb' | '/l' | ' each' | `/${string}` };

/**
 * The price of a comparison unit, where it helps comparison (rounded to the cent): a pack by its net quantity, a
 * dozen per piece, grams per kg, ounces per lb, millilitres per liter. Null for a unit that is its own comparison
 * (each, bunch, kg, lb, liter) or a pack without its net quantity.
 */
export function referencePrice(
  priceCents: number,
  unit: Unit,
  pack: Pack | null = null,
  pieceName: string | null = null,
): Reference | null {
  let quantity: number;
  let of: NetUnit;
  if (unit === 'pack') {
    if (!pack || !(pack.netQuantity > 0)) return null;
    quantity = pack.netQuantity;
    of = pack.netUnit;
  } else if (unit === 'dozen') {
    quantity = 12;
    of = 'piece';
  } else if (unit === 'g' || unit === 'ml' || unit === 'oz') {
    quantity = 1;
    of = unit;
  } else {
    return null;
  }
  const info = UNIT_INFO[of];
  const imperial = of === 'lb' || of === 'oz';
  const reference =
    info.kind === 'weight'
      ? { base: imperial ? UNIT_INFO.lb.base : 1000, per: imperial ? ('/lb' as const) : ('/kg' as const) }
      : info.kind === 'volume'
        ? { base: 1000, per: '/l' as const }
        : { base: 1, per: pieceName ? (`/${pieceName}` as const) : (' each' as const) };
  const inBase = quantity * info.base;
  return { cents: Math.round((priceCents * reference.base) / inBase), per: reference.per };
}

/** "$15.00/kg", "$0.54 each": a reference price as written. */
export const referenceText = (reference: Reference) => `${dollarsText(reference.cents)}${reference.per}`;

/**
 * The one way a price is written with what it buys: "$3.00 · $15.00/kg" (a 200 g bag), "$6.50 · $0.54/egg" (a
 * dozen of a product whose pieces are eggs; "$0.54 each" unnamed), "$25.20 each", "$2.50 per kg", "$4.00 per bunch".
 */
export function priceText(
  priceCents: number,
  unit: Unit,
  pack: Pack | null = null,
  pieceName: string | null = null,
): string {
  const reference = referencePrice(priceCents, unit, pack, pieceName);
  const price = dollarsText(priceCents);
  return reference ? `${price} · ${referenceText(reference)}` : `${price} ${perText(unit, pack)}`;
}

/** What one unit is, as the product page says it: "340 g jar (340 g)", "Dozen", "kg". */
export function soldByText(unit: Unit, pack: Pack | null = null): string {
  if (unit === 'pack' && pack) return `${pack.label} (${netText(pack)})`;
  if (unit === 'dozen') return 'dozen (12)';
  return UNIT_INFO[unit].one;
}

/** UN/CEFACT common codes, as schema.org's unitCode takes them. */
export const UNIT_CODES: Record<Unit, string> = {
  liter: 'LTR',
  kg: 'KGM',
  piece: 'H87',
  bunch: 'H87',
  dozen: 'DZN',
  pack: 'PK',
  g: 'GRM',
  lb: 'LBR',
  oz: 'ONZ',
  ml: 'MLT',
};

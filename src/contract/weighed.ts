import { formatDollars } from './money.ts';

/**
 * Goods sold by weight (decision 018): the price is per kg, the shopper buys pieces of an estimated weight, the card
 * is authorized for the estimate plus a margin and charged for what the vendor weighs, never more than authorized.
 */

/** The card is authorized for the weighed goods' estimate plus this percent. */
export const HOLD_MARGIN_PERCENT = 10;
/** A card hold lasts 7 days, so a cart with weighed goods books slots at most this many days after paying. */
export const WEIGHED_BOOKING_DAYS = 6;
export const WEIGHED_BOOKING_RULE = 'Weighed goods can be booked at most 6 days ahead: the card hold lasts 7.';
/**
 * A part of an order with weighed goods still pending this long after payment is cancelled (nothing charged for it),
 * half a day before the card hold lapses, so the order always ends charged or released.
 */
export const UNWEIGHED_RELEASE_AFTER_MS = (WEIGHED_BOOKING_DAYS + 0.5) * 24 * 60 * 60 * 1000;
export const WEIGHED_TOO_FAR = `${WEIGHED_BOOKING_RULE} Please choose an earlier time.`;
/** The heaviest piece a vendor may describe, and the heaviest line a vendor may weigh (grams). */
export const MAX_GRAMS_PER_PIECE = 100_000;
export const MAX_WEIGHED_GRAMS = 10_000_000;

/** What `grams` cost at `pricePerKgCents`, rounded to the cent. */
export const weighedCents = (grams: number, pricePerKgCents: number) => Math.round((grams * pricePerKgCents) / 1000);

/** A line's price: weighed goods at their estimated weight (pieces × grams per piece), others per unit. */
export function lineCents(line: {
  priceCents: number;
  amount: number;
  soldByWeight: boolean;
  gramsPerPiece: number | null;
}): number {
  return line.soldByWeight && line.gramsPerPiece !== null
    ? weighedCents(line.amount * line.gramsPerPiece, line.priceCents)
    : line.priceCents * line.amount;
}

/** The authorized amount for an estimate: the estimate plus HOLD_MARGIN_PERCENT, rounded up to the cent. */
export const holdCents = (estimateCents: number) =>
  Math.floor((estimateCents * (100 + HOLD_MARGIN_PERCENT) + 99) / 100);

/** A line as the card holds it: weighed goods at their estimate plus HOLD_MARGIN_PERCENT, any other at its price. */
export const heldLineCents = (line: { totalCents: number; soldByWeight: boolean }) =>
  line.soldByWeight ? holdCents(line.totalCents) : line.totalCents;

/**
 * The most a weighed line can be charged for (decision 038): its estimate plus HOLD_MARGIN_PERCENT, in grams (rounded
 * down), and in cents its own share of the card hold, so no line's weight reaches what was held for another line.
 */
export const maxChargedGrams = (estimatedGrams: number) =>
  Math.floor((estimatedGrams * (100 + HOLD_MARGIN_PERCENT)) / 100);

/** A weighed line's total at `grams` (at most maxChargedGrams): its price, never above its share of the hold. */
export const weighedLineCents = (grams: number, estimatedGrams: number, pricePerKgCents: number) =>
  Math.min(weighedCents(grams, pricePerKgCents), holdCents(weighedCents(estimatedGrams, pricePerKgCents)));

/** Why a weight over the bound is refused: `At most 550 g can be charged for this line (its estimate of 500 g plus 10%)`. */
export const overBoundMessage = (estimatedGrams: number) =>
  `At most ${gramsLabel(maxChargedGrams(estimatedGrams))} can be charged for this line (its estimate of ${gramsLabel(estimatedGrams)} plus ${HOLD_MARGIN_PERCENT}%)`;

/** `450 g`, `1.2 kg`. */
export const gramsLabel = (grams: number) => (grams >= 1000 ? `${Number((grams / 1000).toFixed(3))} kg` : `${grams} g`);

/** What follows a weighed product's price per kg: `/kg · about 450 g each`. */
export const perKgOfPieces = (gramsPerPiece: number) => `/kg · about ${gramsLabel(gramsPerPiece)} each`;

/** A weighed line's price before it is weighed: `≈ $21.60, charged by actual weight`. */
export const estimateLabel = (dollars: string) => `≈ ${dollars}, charged by actual weight`;

/** A weighed line on the invoice: `Est. 900 g ≈ $21.60 · Weighed 874 g $20.98` (or `· not weighed yet`). */
export function weightText(
  weight: { estimatedGrams: number; estimate: number; actualGrams: number | null },
  totalDollars: number,
): string {
  const estimate = `Est. ${gramsLabel(weight.estimatedGrams)} ≈ ${formatDollars(weight.estimate)}`;
  return weight.actualGrams === null
    ? `${estimate} · not weighed yet`
    : `${estimate} · Weighed ${gramsLabel(weight.actualGrams)} ${formatDollars(totalDollars)}`;
}

/** The card hold of weighed goods as the invoice says it: authorized, what was (being) charged and released of it. */
export function holdText(hold: {
  authorized: number;
  captured: number | null;
  notCharged: number;
  released: number;
  status: 'authorized' | 'charging' | 'charged' | 'released';
}): string {
  const held = `Card held for ${formatDollars(hold.authorized)}`;
  const over = hold.notCharged > 0 ? ` (${formatDollars(hold.notCharged)} over the hold not charged)` : '';
  const released = hold.released > 0 ? ` · ${formatDollars(hold.released)} released` : '';
  switch (hold.status) {
    case 'authorized':
      return `${held}: charged by actual weight once weighed, never more${hold.released > 0 ? ` · ${formatDollars(hold.released)} of it released for the cancelled part` : ''}`;
    case 'charging':
      return `${held} · ${formatDollars(hold.captured ?? 0)} being charged${over}${released}`;
    case 'charged':
      return `${held} · charged ${formatDollars(hold.captured ?? 0)}${over}${released}`;
    case 'released':
      return `Card hold of ${formatDollars(hold.authorized)} released: nothing charged`;
  }
}

/** Deals of the day (spec: 3 at a time, a countdown from 1296000 s). */
export const DEALS_SHOWN = 3;
/** A new deal runs 15 days: the spec's countdown starts at 1296000 s. */
export const DEAL_SECONDS = 1_296_000;
export const DEAL_DAYS = DEAL_SECONDS / 86_400;
/** What a new deal takes off the product's price: the cart charges the lower price while the deal runs. */
export const DEAL_DISCOUNT_PERCENT = 20;

/** The deals shown, in a line: "20–30% off 3 products, each until its countdown ends". */
export function dealsText(percents: readonly number[]): string {
  if (percents.length === 0) return 'No deals running right now';
  const low = Math.min(...percents);
  const high = Math.max(...percents);
  const off = low === high ? `${low}%` : `${low}–${high}%`;
  const products = percents.length === 1 ? '1 product' : `${percents.length} products`;
  return `${off} off ${products}, each until its countdown ends`;
}

/** How many of a category's running deals its page shows, soonest end first. */
export const CATEGORY_DEALS_SHOWN = 10;

import { groupDigits } from './plain-format.ts';

/**
 * A listing counts its matches up to this many; beyond, its first page says "1,000+" (decision 014). Apart from
 * products.ts, whose zod schemas the pages that show the count do not load.
 */
export const LISTING_COUNT_CAP = 1000;

/** A first page's count as shoppers read it: "23", or "1,000+" when capped. */
export function totalLabel(total: number, capped: boolean | undefined): string {
  return capped ? `${groupDigits(total)}+` : String(total);
}

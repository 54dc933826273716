import type { Unit } from '#contract/categories.ts';
import { formatDollars, PER_UNIT } from '#contract/money.ts';

/**
 * A unit price as every screen shows it: the amount, then its unit in a quieter type ("$2.50 per kg"); the text
 * reads as formatUnitPrice writes it.
 */
export function UnitPrice({ price, unit, className }: { price: number; unit: Unit; className?: string }) {
  return (
    <span className={className}>
      {formatDollars(price)} <span className="text-[0.8em] font-normal text-base-content/80">{PER_UNIT[unit]}</span>
    </span>
  );
}

import type { Unit } from '#contract/categories.ts';
import { formatDollars, PER_UNIT } from '#contract/money.ts';
import { perKgOfPieces } from '#contract/weighed.ts';

/**
 * A unit price as every screen shows it: the amount, then its unit in a quieter type ("$2.50 per kg"); the text
 * reads as formatUnitPrice writes it. A product sold by weight (`gramsPerPiece` given) reads "$24.00/kg · about
 * 450 g each".
 */
export function UnitPrice({
  price,
  unit,
  gramsPerPiece = null,
  className,
}: {
  price: number;
  unit: Unit;
  gramsPerPiece?: number | null;
  className?: string;
}) {
  const quiet = 'text-[0.8em] font-normal text-base-content/80';
  return (
    <span className={className}>
      {formatDollars(price)}
      {gramsPerPiece === null ? (
        <>
          {' '}
          <span className={quiet}>{PER_UNIT[unit]}</span>
        </>
      ) : (
        <span className={quiet}>{perKgOfPieces(gramsPerPiece)}</span>
      )}
    </span>
  );
}

import { formatDollars } from '#contract/money.ts';
import { localMomentText, utcMomentText } from '#contract/plain-format.ts';
import type { Pack, Unit } from '#contract/units.ts';
import { formatUseBy } from '#contract/use-by.ts';
import { UnitPrice } from './UnitPrice.tsx';
import { useHydrated } from './use-hydrated.ts';

/**
 * A price with its running deal or near-expiry markdown: the old price struck through, the price the cart charges,
 * and the saving ("−20%"). Read aloud as "Was $9.99, now $7.99 per kg, 20% off".
 */
export function DealPrice({
  price,
  deal,
  unit,
  pack = null,
  pieceName = null,
  gramsPerPiece = null,
  from = false,
  className = '',
}: {
  price: number;
  /** The deal or markdown: what it takes off and the price the cart charges. */
  deal: { discountPercent: number; price: number };
  unit: Unit;
  pack?: Pack | null;
  pieceName?: string | null;
  /** Sold by weight: the price is per kg of pieces of about this many grams. */
  gramsPerPiece?: number | null;
  /** The lowest price of several sizes (decision 052): "from" before the old price. */
  from?: boolean;
  className?: string;
}) {
  return (
    <span className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      {from ? <span className="text-sm">from</span> : null}
      <span className="sr-only">Was</span>
      <del className="text-sm font-normal text-base-content/80">{formatDollars(price)}</del>
      <span className="sr-only">, now</span>
      <UnitPrice
        price={deal.price}
        unit={unit}
        pack={pack}
        pieceName={pieceName}
        gramsPerPiece={gramsPerPiece}
        className="text-lg font-bold text-primary"
      />
      <span className="badge badge-sm border-red-700 bg-red-700 font-bold text-white">
        <span aria-hidden="true">−{deal.discountPercent}%</span>
        <span className="sr-only">, {deal.discountPercent}% off</span>
      </span>
    </span>
  );
}

/** The moment a deal ends, in the shopper's own time ("Ends Mon 8 Dec, 14:05"). */
export function DealEnd({ endsAt }: { endsAt: string }) {
  // Before hydration (the server knows no shopper's time zone): the time in UTC, said so.
  const text = useHydrated() ? localMomentText : utcMomentText;
  return (
    <p className="mt-1 text-xs text-base-content/80">
      Ends <time dateTime={endsAt}>{text(new Date(endsAt))}</time>
    </p>
  );
}

/** "Use by Sat 28 Nov": the last day a marked-down product sells, a business day shown as that calendar day. */
export function UseBy({ day, className = '' }: { day: string; className?: string }) {
  return (
    <p className={`text-sm font-semibold text-red-800 ${className}`}>
      <time dateTime={day}>{formatUseBy(day)}</time>
    </p>
  );
}

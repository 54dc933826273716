import { dollarsToCents, formatDollars } from '#contract/money.ts';
import { type Pack, perText, referencePrice, referenceText, type Unit } from '#contract/units.ts';
import { perKgOfPieces } from '#contract/weighed.ts';

/**
 * A price as every screen shows it: the amount, then what it buys in a quieter type; the text reads as priceText of
 * src/contract/units.ts writes it ("$2.50 per kg", "$25.20 each", "$3.00 · $15.00/kg" for a 200 g bag, "$6.50 · $0.54
 * each" for a dozen, "$0.54/egg" when its pieces are named; decision 053). A product sold by weight (`gramsPerPiece` given) reads "$24.00/kg · about 450 g
 * each".
 */
export function UnitPrice({
  price,
  unit,
  pack = null,
  pieceName = null,
  gramsPerPiece = null,
  from = false,
  className,
}: {
  price: number;
  unit: Unit;
  pack?: Pack | null;
  /** What one piece is called ("egg"): a count's unit price reads "$0.54/egg". */
  pieceName?: string | null;
  gramsPerPiece?: number | null;
  /** The lowest price of several sizes (decision 052): "from $3.50 · $0.58 each". */
  from?: boolean;
  className?: string;
}) {
  const quiet = 'text-[0.8em] font-normal text-base-content/80';
  const reference = gramsPerPiece === null ? referencePrice(dollarsToCents(price), unit, pack, pieceName) : null;
  return (
    <span className={className}>
      {from ? <span className="text-[0.8em] font-normal">from </span> : null}
      {formatDollars(price)}
      {gramsPerPiece !== null ? (
        <span className={quiet}>{perKgOfPieces(gramsPerPiece)}</span>
      ) : reference ? (
        <span className={quiet}> · {referenceText(reference)}</span>
      ) : (
        <>
          {' '}
          <span className={quiet}>{perText(unit, pack)}</span>
        </>
      )}
    </span>
  );
}

import { formatDollars } from '#contract/money.ts';
import type { ProductOption } from '#contract/products.ts';
import { optionPaid, optionPriceText, pieceEstimate } from '../../ui/product-options.ts';

/**
 * The product page's choice of size (decision 052): a radio group, each size with its label, its price with its unit
 * price ("$3.50 · $0.58 each"; the list price struck through while a deal or markdown runs) and "Sold out" when none
 * is left (then it cannot be chosen).
 */
export function SizePicker({
  name,
  options,
  pieceName = null,
  value,
  onChange,
}: {
  /** The radio group's name (one group a page). */
  name: string;
  options: readonly ProductOption[];
  /** What one piece of the product is called ("egg"), for the sizes' unit prices. */
  pieceName?: string | null;
  value: string;
  onChange: (optionId: string) => void;
}) {
  return (
    <fieldset className="mt-4">
      <legend className="mb-2 text-sm font-semibold">Size</legend>
      <div className="grid gap-2 min-[420px]:grid-cols-2">
        {options.map((option) => {
          const soldOut = option.available <= 0;
          return (
            <label
              key={option._id}
              className={`flex min-h-12 items-center gap-3 rounded-box border px-3 py-2 ${
                soldOut
                  ? 'cursor-not-allowed border-base-300 text-base-content/60'
                  : 'cursor-pointer border-base-300 hover:border-primary has-checked:border-primary has-checked:bg-primary/5 has-checked:ring-1 has-checked:ring-primary'
              }`}
            >
              <input
                type="radio"
                className="radio radio-primary radio-sm shrink-0"
                name={name}
                value={option._id}
                checked={option._id === value}
                disabled={soldOut}
                onChange={() => onChange(option._id)}
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold leading-tight">{option.label}</span>
                <span className="block text-sm">
                  {option.salePrice !== null ? (
                    <>
                      <span className="sr-only">Was </span>
                      <del className="mr-1 text-base-content/70">{formatDollars(option.price)}</del>
                      <span className="sr-only">now </span>
                    </>
                  ) : null}
                  {optionPriceText(option, optionPaid(option), pieceName)}
                </span>
                {pieceEstimate(option, optionPaid(option)) ? (
                  <span className="block text-sm text-base-content/80">
                    {pieceEstimate(option, optionPaid(option))}
                  </span>
                ) : null}
              </span>
              {soldOut ? <span className="badge badge-sm shrink-0">Sold out</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

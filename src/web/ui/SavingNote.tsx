import type { LineSaving } from '#contract/markdowns.ts';
import { formatDollars } from '#contract/money.ts';

/** What a line's price was sold at, under it: "Near-expiry markdown −30%, was $10.00" (or the deal). */
export function SavingNote({ saving, className = '' }: { saving: LineSaving | undefined; className?: string }) {
  if (!saving) return null;
  return (
    <span className={`block text-sm text-red-800 ${className}`}>
      {saving.label}, was <del>{formatDollars(saving.listPrice)}</del>
    </span>
  );
}

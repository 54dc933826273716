import type { VendorOrder } from '#contract/fulfilment.ts';
import { quantityText } from '#contract/units.ts';
import { formatWeight } from '#contract/vendor-week.ts';
import { WeighLine } from './WeighLine.tsx';

type Line = VendorOrder['lines'][number];

/** A weighed line's weight: "1.52 kg" once weighed, "≈ 1.6 kg" estimated; nothing for a line not sold by weight. */
export function LineWeight({ line }: { line: Pick<Line, 'estimatedGrams' | 'actualGrams'> }) {
  const grams = line.actualGrams ?? line.estimatedGrams;
  if (grams === null) return null;
  const weighed = line.actualGrams !== null;
  return (
    <span className={weighed ? 'font-semibold' : 'text-base-content/70'} title={weighed ? 'Weighed' : 'Estimated'}>
      {formatWeight(grams, weighed)}
    </span>
  );
}

/** One order's lines of the shop: each product, how many, its weight, and whether the shop cancelled it. */
export function OrderLines({ order }: { order: VendorOrder }) {
  return (
    <ul className="space-y-1">
      {order.lines.map((line) => (
        <li key={line._id} className="flex flex-wrap items-baseline gap-x-2">
          <span className={line.status === 'cancelled' ? 'line-through' : undefined}>
            {line.itemName} ×{line.amount}
          </span>
          {/* What the amount counts and the size's code, as bought (decision 052): "(2 jars) SKU HON-500". */}
          {line.unit && line.unit !== 'piece' && line.estimatedGrams === null ? (
            <span className="text-sm text-base-content/80">({quantityText(line.amount, line.unit, line.pack)})</span>
          ) : null}
          {line.sku ? <span className="text-xs text-base-content/70">SKU {line.sku}</span> : null}
          <LineWeight line={line} />
          {line.estimatedGrams !== null && line.status === 'pending' ? (
            <WeighLine orderId={order._id} line={{ ...line, estimatedGrams: line.estimatedGrams }} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

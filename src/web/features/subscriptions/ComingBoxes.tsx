import { dayText } from '#contract/fulfilment-labels.ts';
import type { PlanBoxes } from '#contract/roster.ts';

/** A box plan's coming boxes as the farm set them (read with the page, so nothing moves once it is shown). */
export function ComingBoxes({ boxes }: { boxes: PlanBoxes['boxes'] }) {
  if (boxes.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 className="font-semibold">The farm’s coming boxes</h3>
      <ul className="mt-1 space-y-1">
        {boxes.map((box) => (
          <li key={box.date}>
            <span className="font-semibold">{dayText(box.date)}:</span> {box.contents}
          </li>
        ))}
      </ul>
    </div>
  );
}

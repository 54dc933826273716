import { Minus, Plus } from 'lucide-react';

/** How many to add: from 1 to the stock. */
export function QuantityStepper({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const clamp = (n: number) => Math.min(Math.max(1, Number.isFinite(n) ? Math.round(n) : 1), Math.max(1, max));
  return (
    <fieldset className="join" aria-label="Quantity">
      <button
        type="button"
        className="btn join-item btn-square"
        onClick={() => onChange(clamp(value - 1))}
        disabled={value <= 1}
        aria-label="One less"
      >
        <Minus size={16} aria-hidden="true" />
      </button>
      <input
        type="number"
        className="input join-item w-20 text-center"
        min={1}
        max={max}
        value={value}
        onChange={(e) => onChange(clamp(Number(e.target.value)))}
        aria-label="Quantity"
      />
      <button
        type="button"
        className="btn join-item btn-square"
        onClick={() => onChange(clamp(value + 1))}
        disabled={value >= max}
        aria-label="One more"
      >
        <Plus size={16} aria-hidden="true" />
      </button>
    </fieldset>
  );
}

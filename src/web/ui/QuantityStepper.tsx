import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';

/**
 * How many: − and + buttons around a number box (no browser spin arrows), from 1 to `max`. The box takes a typed
 * number when it is left or Enter is pressed; the buttons change it at once. `name` tells the lines of a list apart
 * ("Quantity of Carrots", "One more Carrots").
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  name,
  disabled = false,
  size = 'md',
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  name?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
}) {
  /** What is being typed, until the box is left or Enter is pressed; otherwise the box shows `value`. */
  const [draft, setDraft] = useState<string | null>(null);
  const top = Math.max(1, max);
  const clamp = (n: number) => Math.min(Math.max(1, Number.isFinite(n) ? Math.round(n) : 1), top);
  const change = (n: number) => {
    const next = clamp(n);
    setDraft(null);
    if (next !== value) onChange(next);
  };
  const label = name ? `Quantity of ${name}` : 'Quantity';
  const of = name ? ` ${name}` : '';
  const button = `btn join-item btn-square ${size === 'sm' ? 'btn-sm' : ''}`;
  return (
    <fieldset className="join" aria-label={label} disabled={disabled}>
      <button type="button" className={button} onClick={() => change(value - 1)} disabled={value <= 1}>
        <Minus size={16} aria-hidden="true" />
        <span className="sr-only">One less{of}</span>
      </button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        className={`input join-item text-center ${size === 'sm' ? 'input-sm w-12' : 'w-16'}`}
        value={draft ?? String(value)}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 4))}
        onBlur={() => change(Number(draft || value))}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          change(Number(draft || value));
        }}
        aria-label={label}
      />
      <button type="button" className={button} onClick={() => change(value + 1)} disabled={value >= max}>
        <Plus size={16} aria-hidden="true" />
        <span className="sr-only">One more{of}</span>
      </button>
    </fieldset>
  );
}

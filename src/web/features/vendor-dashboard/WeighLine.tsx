import { type FormEvent, useId, useState } from 'react';
import type { VendorOrder } from '#contract/fulfilment.ts';
import { dollarsToCents, formatDollars, formatMoney } from '#contract/money.ts';
import { gramsLabel, weighedCents } from '#contract/weighed.ts';
import { errorMessage } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';
import { useWeighLine } from './weigh-line.ts';

type Line = VendorOrder['lines'][number];
type WeightUnit = 'g' | 'kg';

/** The unit the scale on this device reads in, kept for the next line and the next visit. */
const UNIT_KEY = 'farmstall.weigh-unit';

function savedUnit(): WeightUnit {
  try {
    return localStorage.getItem(UNIT_KEY) === 'kg' ? 'kg' : 'g';
  } catch {
    return 'g';
  }
}

function saveUnit(unit: WeightUnit) {
  try {
    localStorage.setItem(UNIT_KEY, unit);
  } catch {
    // Storage off (private mode): the unit holds for this page only.
  }
}

/**
 * The weight entry of one weighed line while its part is pending: the estimate the shopper's card was held for, and
 * the weight in grams or kg; saved, the line is priced by it (the card is charged once the order is ready).
 */
export function WeighLine({ orderId, line }: { orderId: string; line: Line & { estimatedGrams: number } }) {
  const id = useId();
  const weigh = useWeighLine();
  const [value, setValue] = useState(line.actualGrams === null ? '' : String(line.actualGrams));
  const [unit, setUnit] = useState<WeightUnit>(savedUnit);
  const [problem, setProblem] = useState<string | null>(null);
  const estimate = formatMoney(weighedCents(line.estimatedGrams, dollarsToCents(line.unitPrice)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(value.replace(',', '.'));
    const grams = Math.round(unit === 'kg' ? amount * 1000 : amount);
    if (!value.trim() || !Number.isFinite(amount) || grams < 1) {
      setProblem(`Enter what ${line.itemName} weighs, in ${unit}`);
      return;
    }
    setProblem(null);
    try {
      const weighed = await weigh.mutateAsync({ orderId, lineId: line._id, grams });
      toast.success(`${line.itemName}: ${gramsLabel(grams)}, ${formatDollars(weighed.totalPrice)}`);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex w-full flex-wrap items-center gap-2"
      aria-label={`Weigh ${line.itemName}`}
    >
      <span className="w-full text-sm text-base-content/80">
        Est. {gramsLabel(line.estimatedGrams)} ≈ {estimate}
      </span>
      <label htmlFor={`${id}-weight`} className="sr-only">
        Weight of {line.itemName}
      </label>
      {/* Large for a thumb at the scale: at least 48 px tall, the digits at 20 px. */}
      <input
        id={`${id}-weight`}
        className="input input-lg h-12 w-28 min-w-0 flex-1 text-xl sm:flex-none"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        placeholder={unit === 'kg' ? '0.00' : '0'}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <label htmlFor={`${id}-unit`} className="sr-only">
        Unit
      </label>
      <select
        id={`${id}-unit`}
        className="select select-lg h-12 w-20 text-lg"
        value={unit}
        onChange={(event) => {
          const next = event.target.value === 'kg' ? 'kg' : 'g';
          setUnit(next);
          saveUnit(next);
        }}
      >
        <option value="g">g</option>
        <option value="kg">kg</option>
      </select>
      <button type="submit" className="btn btn-primary h-12 min-h-12" disabled={weigh.isPending}>
        {line.actualGrams === null ? 'Save weight' : 'Change weight'}
      </button>
      {problem ? (
        <span id={`${id}-problem`} role="alert" className="w-full text-sm text-error">
          {problem}
        </span>
      ) : null}
    </form>
  );
}

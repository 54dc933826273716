import { RANGE_LABELS, STAT_RANGES, type StatRange } from '#contract/stats.ts';

/** The chart range as a row of toggle buttons. */
export function RangePicker({ value, onChange }: { value: StatRange; onChange: (range: StatRange) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-1" aria-label="Range">
      {STAT_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          className={`btn btn-sm ${range === value ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={range === value}
          onClick={() => onChange(range)}
        >
          {RANGE_LABELS[range]}
        </button>
      ))}
    </fieldset>
  );
}

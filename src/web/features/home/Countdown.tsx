import { useEffect, useState } from 'react';

function remaining(endsAt: string): number {
  return Math.max(0, Math.floor((Date.parse(endsAt) - Date.now()) / 1000));
}

/** Counts down to a deal's real end each second: days, hours and minutes only above zero, seconds always. */
export function Countdown({ endsAt }: { endsAt: string }) {
  const [seconds, setSeconds] = useState(() => remaining(endsAt));
  useEffect(() => {
    setSeconds(remaining(endsAt));
    const timer = setInterval(() => setSeconds(remaining(endsAt)), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const parts = [
    { label: 'Days', value: Math.floor(seconds / 86_400) },
    { label: 'Hours', value: Math.floor((seconds % 86_400) / 3600) },
    { label: 'Mins', value: Math.floor((seconds % 3600) / 60) },
  ].filter((p) => p.value > 0);
  parts.push({ label: 'Sec', value: seconds % 60 });

  return (
    <div className="flex gap-2" role="timer" aria-label="Deal ends in">
      {parts.map((p) => (
        <span key={p.label} className="flex min-w-12 flex-col items-center rounded-box bg-base-100 px-2 py-1 shadow-sm">
          <span className="font-mono text-lg font-bold text-primary">{p.value}</span>
          <span className="text-xs">{p.label}</span>
        </span>
      ))}
    </div>
  );
}

const END_FORMAT = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** The moment a deal ends, in the shopper's own time ("Ends Mon, 8 Dec, 14:05"). */
export function DealEnd({ endsAt }: { endsAt: string }) {
  return (
    <p className="mt-1 text-xs text-base-content/70">
      Ends <time dateTime={endsAt}>{END_FORMAT.format(new Date(endsAt))}</time>
    </p>
  );
}

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
          {/* The server counted a moment earlier: the browser shows its own count once it runs. */}
          <span className="font-mono text-lg font-bold text-primary" suppressHydrationWarning>
            {p.value}
          </span>
          <span className="text-xs">{p.label}</span>
        </span>
      ))}
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';

/** One dashboard figure with its icon, and (`note`) what it counts. */
export function StatCard({
  icon: Icon,
  label,
  value,
  note,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  note?: string;
}) {
  return (
    <div className="flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <span className="rounded-full bg-accent p-3 text-accent-content">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <div>
        <p className="text-sm font-semibold">{label}</p>
        <p className="text-2xl font-bold">{value}</p>
        {note ? <p className="text-xs">{note}</p> : null}
      </div>
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';

export type RowAction<K extends string> = {
  key: K;
  label: string;
  icon: LucideIcon;
  /** daisyUI button classes beside `btn btn-sm`. */
  className: string;
};

/** A table row's small action buttons, each named for the row (`name(label)`), all disabled while one runs. */
export function RowActions<K extends string>({
  actions,
  name,
  busy,
  onAct,
}: {
  actions: readonly RowAction<K>[];
  name: (label: string) => string;
  busy: boolean;
  onAct: (key: K) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map(({ key, label, icon: Icon, className }) => (
        <button
          key={key}
          type="button"
          className={`btn btn-sm ${className}`}
          disabled={busy}
          onClick={() => onAct(key)}
          aria-label={name(label)}
        >
          <Icon aria-hidden="true" className="size-3.5" />
          {label}
        </button>
      ))}
    </div>
  );
}

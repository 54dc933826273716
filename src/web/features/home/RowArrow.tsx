import type { LucideIcon } from 'lucide-react';

/** A round 32 px arrow over one edge of a scrolling row (the banner, the category cards). */
export function RowArrow({
  icon: Icon,
  label,
  side,
  disabled = false,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  side: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn btn-circle btn-sm absolute top-1/2 z-10 -translate-y-1/2 border-base-300 bg-base-100 shadow ${side}`}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon size={20} aria-hidden="true" />
    </button>
  );
}

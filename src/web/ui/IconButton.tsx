import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';

/** A small icon-only button named by its label, such as a table row's remove button. */
export function IconButton({
  icon: Icon,
  label,
  className,
  ...button
}: { icon: LucideIcon; label: string; className: string } & Omit<ComponentProps<'button'>, 'type' | 'children'>) {
  return (
    <button type="button" className={`btn btn-ghost btn-sm ${className}`} aria-label={label} {...button}>
      <Icon size={18} aria-hidden="true" />
    </button>
  );
}

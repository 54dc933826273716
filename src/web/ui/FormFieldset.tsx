import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** Controls grouped under one legend, with one message line for the group that keeps its place while empty. */
export function FormFieldset({
  legend,
  icon: Icon,
  errorId,
  error,
  note,
  children,
}: {
  legend: string;
  icon: LucideIcon;
  errorId: string;
  error: string | null;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-4">
      <legend className="fieldset-legend flex items-center gap-2">
        <Icon size={18} aria-hidden="true" /> {legend}
      </legend>
      {children}
      <p id={errorId} className="min-h-5 text-sm font-semibold text-error" role="alert">
        {error}
      </p>
      {note}
    </fieldset>
  );
}

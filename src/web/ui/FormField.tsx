import type { ReactNode } from 'react';

/** A labelled form control with its validation message underneath. */
export function FormField({
  label,
  htmlFor,
  error,
  children,
  hint,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="fieldset">
      <label className="fieldset-legend" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="text-sm text-error" id={`${htmlFor}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="text-sm text-base-content">{hint}</p>
      ) : null}
    </div>
  );
}

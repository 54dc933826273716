import { type ComponentProps, createElement, type ReactNode } from 'react';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { FormField } from './FormField.tsx';

/** A form control tied to its FormField: its id and, while it is invalid, aria pointing at the message below it. */
export type WiredControl = {
  error?: string;
  control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string } & Partial<UseFormRegisterReturn>;
};

/** Wires one control by its id (the FormField shows the error as `${id}-error`). */
export function wireControl(id: string, error: FieldError | undefined, registration?: UseFormRegisterReturn) {
  return {
    error: error?.message,
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      ...registration,
    },
  } satisfies WiredControl;
}

/** For a form whose controls are called `${prefix}-${name}`: wires the control of a field by its name. */
export function wireFields<T extends FieldValues>(
  prefix: string,
  { register, formState: { errors } }: { register: UseFormRegister<T>; formState: { errors: FieldErrors<T> } },
) {
  return (name: Path<T>) => wireControl(`${prefix}-${name}`, get(errors, name), register(name));
}

type Control = 'input' | 'textarea' | 'select';

/** A labelled input (or textarea, or select) with its validation message, wired by `wireFields`. */
export function TextField<C extends Control = 'input'>({
  label,
  field,
  hint,
  as,
  after,
  className,
  children,
  ...rest
}: { label: string; field: WiredControl; hint?: string; as?: C; after?: ReactNode } & Omit<
  ComponentProps<C>,
  'id' | 'name'
>) {
  const controlClass = className ?? (as === 'select' ? 'select w-full' : 'input w-full');
  return (
    <FormField label={label} htmlFor={field.control.id} error={field.error} hint={hint}>
      {createElement(as ?? 'input', { className: controlClass, ...field.control, ...rest }, children)}
      {after}
    </FormField>
  );
}

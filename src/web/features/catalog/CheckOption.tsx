import type { ComponentProps, ReactNode } from 'react';

/** One small checkbox of a list of food facts (a label, an allergen) with its text beside it (filters, product form). */
export function CheckOption({
  children,
  ...input
}: { children: ReactNode } & Omit<ComponentProps<'input'>, 'type' | 'className' | 'children'>) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input type="checkbox" className="checkbox checkbox-sm checkbox-primary" {...input} />
      {children}
    </label>
  );
}

import type { FormEventHandler, ReactNode } from 'react';

/**
 * A form in a card, named by its heading (`aria-labelledby`): the settings and creation forms of the dashboards.
 * Validation is the form library's (`noValidate`), so its messages stand under the fields.
 */
export function FormCard({
  id,
  title,
  onSubmit,
  className = 'rounded-box border border-base-300 bg-base-100 p-5',
  titleClassName = 'text-xl font-bold',
  heading: Heading = 'h2',
  children,
}: {
  /** The heading's id. */
  id: string;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className?: string;
  titleClassName?: string;
  heading?: 'h2' | 'h3';
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={id} className={className}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </form>
  );
}

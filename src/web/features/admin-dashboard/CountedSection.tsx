import type { ReactNode } from 'react';

/** A section of the admin home: its heading, with the count once it is known ("Coupons: 3"), and its content. */
export function CountedSection({
  id,
  title,
  total,
  children,
}: {
  id: string;
  title: string;
  total: number | undefined;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold">
        {title}
        {total === undefined ? '' : `: ${total}`}
      </h2>
      {children}
    </section>
  );
}

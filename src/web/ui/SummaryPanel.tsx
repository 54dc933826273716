import type { ReactNode } from 'react';

/** The titled panel beside a page's main column, such as a cart's order summary. */
export function SummaryPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="h-fit rounded-box border border-base-300 bg-base-200 p-5">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export type SummaryRow = {
  term: string;
  value: string;
  /** A few words under the term, such as "Free over $40.00". */
  hint?: string;
  /** Classes beside `flex justify-between` on the row. */
  className?: string;
  termClassName?: string;
  valueClassName?: string;
};

/** Label and amount rows (subtotal, shipping, coupon, total); a row given as `false` is left out. */
export function SummaryRows({ rows, className }: { rows: (SummaryRow | false)[]; className: string }) {
  return (
    <dl className={className}>
      {rows.map((row) =>
        row ? (
          <div
            key={row.term}
            className={row.className ? `flex justify-between ${row.className}` : 'flex justify-between'}
          >
            <dt className={row.termClassName}>
              {row.term}
              {row.hint ? <span className="block text-xs text-base-content/80">{row.hint}</span> : null}
            </dt>
            <dd className={row.valueClassName}>{row.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

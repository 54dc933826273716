import type { ReactNode } from 'react';

/** A chart's card: its title (an `h2` on a page of its own, an `h3` in a page's section), what it shows, the chart. */
export function ChartFigure({
  title,
  caption,
  level,
  children,
}: {
  title: string;
  caption: string;
  level: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <figure className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <figcaption>
        <Heading className={level === 2 ? 'text-xl font-bold' : 'text-lg font-bold'}>{title}</Heading>
        <p className="text-sm">{caption}</p>
      </figcaption>
      {children}
    </figure>
  );
}

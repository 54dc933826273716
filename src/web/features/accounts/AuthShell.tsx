import type { ReactNode } from 'react';
import { PageMeta } from '../../ui/PageMeta.tsx';

/**
 * The two-column frame of the sign-in, sign-up, password and vendor pages: a picture beside the form. A public page
 * gives `meta`, its description and canonical address: the page's title in the head is then `title` too.
 */
export function AuthShell({
  title,
  intro,
  picture,
  meta,
  children,
}: {
  title: string;
  intro: string;
  picture: string;
  meta?: { description: string; canonical: string };
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-5xl items-center gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
      {meta ? <PageMeta title={title} {...meta} /> : null}
      <div className="hidden flex-col items-center gap-4 rounded-box bg-accent p-10 text-center text-accent-content md:flex">
        <img src={picture} alt="" width="220" height="220" />
        {/* Some shops only hand over at their pickup points: no promise of delivery to every door. */}
        <p className="text-lg font-semibold">
          Fresh food from local farms, for pickup or delivery as each shop offers.
        </p>
      </div>
      <section
        className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8"
        aria-labelledby="auth-title"
      >
        <h1 id="auth-title" className="text-3xl font-bold">
          {title}
        </h1>
        <p className="mt-2 text-base-content/80">{intro}</p>
        {children}
      </section>
    </div>
  );
}

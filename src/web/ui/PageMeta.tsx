import { useEffect } from 'react';

/** The site's name, after every page's own title. */
export const SITE_NAME = 'Farmstall';

/** An absolute URL on this site for a path (the origin the app is served from). */
export const absoluteUrl = (path: string) => new URL(path, window.location.origin).href;

/**
 * A page's title ("Fresh Fruit · Farmstall"), description and canonical link; React 19 hoists them into the head.
 * Public pages give `canonical` (their path without filters or paging); private pages give a title only.
 */
export function PageMeta({
  title,
  description,
  canonical,
}: {
  title?: string;
  description?: string;
  canonical?: string;
}) {
  // index.html's own title and description (marked data-until-page) serve until the first page gives its own.
  useEffect(() => {
    for (const element of document.head.querySelectorAll('[data-until-page]')) element.remove();
  }, []);
  return (
    <>
      <title>{title ? `${title} · ${SITE_NAME}` : `${SITE_NAME}: a grocery store for local food`}</title>
      {description ? <meta name="description" content={description} /> : null}
      {canonical ? <link rel="canonical" href={absoluteUrl(canonical)} /> : null}
    </>
  );
}

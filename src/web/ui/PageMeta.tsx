import { createContext, useContext, useEffect } from 'react';

/** The site's name, after every page's own title. */
export const SITE_NAME = 'Farmstall';

/** The origin the page was asked at, given by the server when it renders the page (the browser knows its own). */
export const SiteOrigin = createContext<string | undefined>(undefined);

/** Absolute URLs on this site for paths (the origin the app is served from). */
export function useAbsoluteUrl(): (path: string) => string {
  const origin = useContext(SiteOrigin) ?? window.location.origin;
  return (path) => new URL(path, origin).href;
}

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
  const absoluteUrl = useAbsoluteUrl();
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

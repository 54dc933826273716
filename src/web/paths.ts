import { DASHBOARD_PAGES, PAGES } from '#contract/app-paths.ts';
import { categoryPath } from '#contract/categories.ts';

/** Where a category's page shows its products on deal. */
export const CATEGORY_DEALS_ANCHOR = 'deals';

/** A link to a page: its path, or for a pattern with a parameter (`:id`) the path with the value in its place. */
type Link<Pattern extends string> = Pattern extends `${string}:${string}` ? (value: string) => string : Pattern;

/** The links to each page of `pages` (route patterns below `parent`), by the same names. */
function linksTo<Pages extends Record<string, string>, Parent extends string>(
  parent: Parent,
  pages: Pages,
): { [Name in keyof Pages]: Link<`${Parent}/${Pages[Name]}`> } {
  return Object.fromEntries(
    Object.entries(pages).map(([name, page]) => {
      const pattern = `${parent}/${page}`;
      return [name, pattern.includes(':') ? (value: string) => pattern.replace(/:[^/]+/, value) : pattern];
    }),
  ) as { [Name in keyof Pages]: Link<`${Parent}/${Pages[Name]}`> };
}

const { dashboard: _dashboard, ...pages } = PAGES;

/** Every route of the web app, named once in src/contract/app-paths.ts: `paths.productDetails(id)`. */
export const paths = {
  home: '/',
  ...linksTo('', pages),
  categoryDeals: (value: string) => `${categoryPath(value)}#${CATEGORY_DEALS_ANCHOR}`,
  dashboard: linksTo(`/${PAGES.dashboard}`, DASHBOARD_PAGES),
} as const;

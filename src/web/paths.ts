import { PAGE_LINKS } from '#contract/app-paths.ts';
import { categoryPath } from '#contract/categories.ts';

/** Where a category's page shows its products on deal. */
export const CATEGORY_DEALS_ANCHOR = 'deals';

/**
 * Every route of the web app, named once in src/contract/app-paths.ts (`paths.productDetails(id)`), and where a
 * category's deals show.
 */
export const paths = {
  ...PAGE_LINKS,
  categoryDeals: (value: string) => `${categoryPath(value)}#${CATEGORY_DEALS_ANCHOR}`,
} as const;

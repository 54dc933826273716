import { CATEGORIES } from '#contract/categories.ts';
import { firstPages, type LoadAt, pageQuery } from '../../api/query-client.ts';
import { categoryDealsQuery } from './get-category-deals.ts';
import { productQuery } from './get-product.ts';
import { shopQuery } from './get-shop.ts';
import { shopPlansQuery } from './get-shop-plans.ts';
import { productPagesQuery } from './list-products.ts';
import { shopsQuery } from './list-shops.ts';
import { filtersFromSearch } from './listing-filters.ts';
import { searchPagesQuery } from './search-products.ts';

// The first queries of the storefront pages, for their route loaders (loaded on the first visit, not with the
// app), by the query options of the pages' hooks, so that the page finds the loader's query in the cache.
// A category's and a shop's products come in the pages' first order (most popular first); a category's deals too;
// a shop's subscription plans with its page.
export const categoryPage = ({ params, search }: LoadAt) => {
  const category = CATEGORIES.find((c) => c.value === params.value);
  return category
    ? [
        pageQuery(categoryDealsQuery(category.value)),
        firstPages(productPagesQuery({ category: category.value, sort: 'popular', ...filtersFromSearch(search) })),
      ]
    : [];
};
// The product page's first screen (the product and its rating summary) is one request.
export const productPage = ({ params }: LoadAt) => [pageQuery(productQuery(params.id ?? ''))];
export const shopList = () => [pageQuery(shopsQuery(''))];
export const shopPage = ({ params, search }: LoadAt) => [
  pageQuery(shopQuery(params.id ?? '')),
  pageQuery(shopPlansQuery(params.id ?? '')),
  firstPages(productPagesQuery({ shop: params.id ?? '', sort: 'popular', ...filtersFromSearch(search) })),
];
export const searchPage = ({ search }: LoadAt) => {
  const q = (search.get('q') ?? '').trim();
  return q ? [firstPages(searchPagesQuery(q, filtersFromSearch(search)))] : [];
};

import { Link, useSearchParams } from 'react-router';
import { CATEGORY_LINKS } from '#contract/categories.ts';
import { totalLabel } from '#contract/listing-count.ts';
import { SearchBox } from '../../layout/SearchBox.tsx';
import { paths } from '../../paths.ts';
import { PageMeta } from '../../ui/PageMeta.tsx';
import { useUrlFilters } from './FilterPanel.tsx';
import { FilteredProductPages } from './ProductPages.tsx';
import { useSearch } from './search-products.ts';

function Suggestions() {
  return (
    <div className="rounded-box bg-base-200 p-6">
      <p>Try a shorter or different word, check the spelling, or browse a category:</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {CATEGORY_LINKS.map((c) => (
          <li key={c.path}>
            <Link to={c.path} className="btn btn-sm btn-outline btn-primary">
              {c.title}
            </Link>
          </li>
        ))}
        <li>
          <Link to={paths.shopList} className="btn btn-sm btn-outline btn-primary">
            All shops
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** /search?q=: products ranked by relevance over name, details, shop and category, typos forgiven. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [filters] = useUrlFilters();
  const results = useSearch(q, filters);
  const first = results.data?.pages[0];
  const total = first?.total;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {/* The navbar's box shows from medium widths; phones search here. */}
      <SearchBox className="mb-6 flex md:hidden" />
      <PageMeta
        title={q ? `Results for “${q}”` : 'Search'}
        description={q ? `Local food matching “${q}” on Farmstall.` : 'Search the products and shops of Farmstall.'}
      />
      <h1 className="text-3xl font-bold">{q ? <>Results for “{q}”</> : 'Search'}</h1>
      {!q ? (
        <div className="mt-6">
          <p className="mb-4">Type what you are looking for in the search box: a product, a shop or a category.</p>
          <Suggestions />
        </div>
      ) : (
        <>
          <p className="my-4" aria-live="polite">
            {total === undefined || total === null
              ? 'Searching…'
              : `${totalLabel(total, first?.totalCapped)} product${total === 1 ? '' : 's'} found`}
          </p>
          <FilteredProductPages
            query={results}
            filters={filters}
            label="Search results"
            heading="Products"
            empty={
              <div>
                <p className="mb-4 font-semibold">Nothing matches “{q}”.</p>
                <Suggestions />
              </div>
            }
          />
        </>
      )}
    </div>
  );
}

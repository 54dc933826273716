import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loaded } from '../../ui/Loaded.tsx';
import { usePageParam } from '../../ui/TablePager.tsx';

/**
 * A section of the admin home over one paged list of `name` ("coupons"): its heading (id `<name>-title`) with the
 * count once known ("Coupons: 3"), its page in the address (`?<name>=`), the loader ("Loading the coupons") or the
 * failure, `empty` when there is nothing, else `children`.
 */
export function PagedSection<T extends { total: number }>({
  name,
  title,
  usePage,
  empty,
  children,
}: {
  name: string;
  title: string;
  usePage: (page: number) => UseQueryResult<T>;
  empty: string;
  children: (data: T, page: number, onPage: (page: number) => void) => ReactNode;
}) {
  const [page, setPage] = usePageParam(name);
  const id = `${name}-title`;
  const query = usePage(page);
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold">
        {title}
        {query.data === undefined ? '' : `: ${query.data.total}`}
      </h2>
      <Loaded query={query} loading={`Loading the ${name}`}>
        {(data) =>
          data.total === 0 ? <p className="mt-4 rounded-box bg-base-200 p-4">{empty}</p> : children(data, page, setPage)
        }
      </Loaded>
    </section>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { LoadError } from './LoadError.tsx';
import { PageLoader } from './PageLoader.tsx';
import { usePageParam } from './TablePager.tsx';

/** A query's answer once it is there; until then the loader (named `loading`), or the failure with a retry. */
export function Loaded<T>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader label={loading} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  return children(query.data);
}

/**
 * A list page: the page number in the address (`?page=`), that page read with `usePage`, then shown by `view`
 * with a way to another page; the loader or the failure until then.
 */
export function LoadedPages<T>({
  usePage,
  loading,
  view: View,
}: {
  usePage: (page: number) => UseQueryResult<T>;
  loading: string;
  view: ComponentType<{ data: T; onPage: (page: number) => void }>;
}) {
  const [page, setPage] = usePageParam();
  const query = usePage(page);
  return (
    <Loaded query={query} loading={loading}>
      {(data) => <View data={data} onPage={setPage} />}
    </Loaded>
  );
}

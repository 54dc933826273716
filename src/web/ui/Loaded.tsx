import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './LoadError.tsx';
import { PageLoader } from './PageLoader.tsx';

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

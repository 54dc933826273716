import { useSearchParams } from 'react-router';

/** The page number in the address (`?page=`), 1 when absent or not a number; route loaders read it too. */
export const readPage = (params: URLSearchParams, name = 'page') =>
  Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1);

/** The current page of a table, kept in the address (?page=2) so reload and back keep it. */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = readPage(params, name);
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete(name);
        else copy.set(name, String(next));
        return copy;
      },
      { preventScrollReset: true },
    );
  return [page, setPage];
}

/** The page numbers a pager shows: the first, up to five around the current one, the last. */
export function pagerNumbers(page: number, pages: number): number[] {
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const around = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return [...new Set([1, ...around, pages])];
}

/** Prev, the page numbers (first, around the current one, last), Next. Hidden when there is one page. */
export function TablePager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pages <= 1) return null;
  const numbers = pagerNumbers(page, pages);
  return (
    <nav aria-label={label} className="join mt-4">
      <button type="button" className="join-item btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className={`join-item btn btn-sm ${n === page ? 'btn-primary' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="join-item btn btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

import { Fragment, type ReactNode, useSyncExternalStore } from 'react';
import type { Page } from '#contract/pagination.ts';
import { TablePager } from './TablePager.tsx';

export type Column<T> = {
  /** Column heading; a string also names the column for screen readers. */
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** The cell names its row (a `th scope="row"`). */
  rowHeader?: boolean;
  className?: string;
  headerClassName?: string;
};

type PagerProps = {
  /** One page of rows as the server sends it (src/contract/pagination.ts), or as `pageOfRows` cuts it. */
  page: Pick<Page<unknown>, 'page' | 'pages'>;
  onPage: (page: number) => void;
  /** Name of the pager's navigation landmark. */
  label: string;
};

/** Below Tailwind's `md` (768 px): a phone, where a table's columns do not fit. */
const PHONE = '(max-width: 767.98px)';

/** True on a phone-wide window, following the window as it turns or resizes. */
function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(PHONE);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(PHONE).matches,
  );
}

type DataTableProps<T> = {
  /** Name of the scroll region. */
  label: string;
  columns: Column<T>[];
  /** The items, each keyed by its `_id`. */
  rows: readonly T[];
  rowClassName?: (row: T) => string | undefined;
  /** A second row under an item (its details across the columns). */
  afterRow?: (row: T, index: number) => ReactNode;
  /** Shown in one full-width row when there are no rows. */
  empty?: ReactNode;
  foot?: ReactNode;
  pager?: PagerProps;
  /** Classes of the scroll region (margins, border, `hidden md:block`). */
  className?: string;
  tableClassName?: string;
  headRowClassName?: string;
  /** On phones, each row is a card of the columns' headings and cells (for tables without `afterRow` or `foot`). */
  cards?: boolean;
};

/**
 * Every table of the site: a named scroll region reachable by keyboard (a table wider than a phone scrolls inside
 * it, never the page), the columns, one row per item, an optional footer, and the pager under it. With `cards`, a
 * phone gets the rows as cards instead (see `ColumnCards`).
 */
export function DataTable<T extends { _id: string }>({
  label,
  columns,
  rows,
  rowClassName,
  afterRow,
  empty,
  foot,
  pager,
  className = 'mt-4 rounded-box border border-base-300 bg-base-100',
  tableClassName = 'table',
  headRowClassName,
  cards = false,
}: DataTableProps<T>) {
  const phone = usePhoneWidth();
  const pagerNav = pager ? (
    <TablePager page={pager.page.page} pages={pager.page.pages} onPage={pager.onPage} label={pager.label} />
  ) : null;
  if (cards && phone) {
    return (
      <>
        {rows.length === 0 && empty !== undefined ? (
          <p className="mt-4 rounded-box bg-base-200 p-4">{empty}</p>
        ) : (
          <ColumnCards label={label} columns={columns} rows={rows} />
        )}
        {pagerNav}
      </>
    );
  }
  return (
    <>
      <section
        className={`max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${className}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
        tabIndex={0}
        aria-label={label}
      >
        <table className={tableClassName}>
          <thead className="text-base-content">
            <tr className={headRowClassName}>
              {columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table
                <th key={i} scope="col" className={column.headerClassName}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && empty !== undefined ? (
              <tr>
                <td colSpan={columns.length} className="py-8 text-center">
                  {empty}
                </td>
              </tr>
            ) : null}
            {rows.map((row, index) => (
              <Fragment key={row._id}>
                <tr className={rowClassName?.(row)}>
                  {columns.map((column, i) =>
                    column.rowHeader ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table
                      <th key={i} scope="row" className={column.className}>
                        {column.cell(row, index)}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table
                      <td key={i} className={column.className}>
                        {column.cell(row, index)}
                      </td>
                    ),
                  )}
                </tr>
                {afterRow?.(row, index)}
              </Fragment>
            ))}
          </tbody>
          {foot ? <tfoot className="text-base-content">{foot}</tfoot> : null}
        </table>
      </section>
      {pagerNav}
    </>
  );
}

/**
 * A table's rows as cards: each column a line of its heading and its cell (the cell under the heading when the two
 * do not fit side by side), the cells of unnamed columns (actions) together at the bottom. Long words wrap, so a
 * card is never wider than the phone.
 */
function ColumnCards<T extends { _id: string }>({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
}) {
  const named = columns.filter((column) => typeof column.header === 'string');
  const actions = columns.filter((column) => typeof column.header !== 'string');
  return (
    <ul aria-label={label} className="mt-4 space-y-3">
      {rows.map((row, index) => (
        <li key={row._id} className="rounded-box border border-base-300 bg-base-100 p-4">
          <dl className="space-y-1">
            {named.map((column) => (
              <div key={column.header as string} className="flex flex-wrap gap-x-3">
                <dt className="w-24 shrink-0 font-semibold">{column.header}</dt>
                <dd className="min-w-0 flex-1 basis-32 wrap-anywhere">{column.cell(row, index)}</dd>
              </div>
            ))}
          </dl>
          {actions.length > 0 ? (
            <div className="mt-3 flex flex-wrap gap-2">
              {actions.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table
                <Fragment key={i}>{column.cell(row, index)}</Fragment>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A page of rows the browser already holds (the cart, a vendor's products), cut like the server's pages. */
export function pageOfRows<T>(items: readonly T[], page: number, limit: number): Page<T> {
  const pages = Math.max(1, Math.ceil(items.length / limit));
  const current = Math.min(Math.max(1, page), pages);
  return {
    items: items.slice((current - 1) * limit, current * limit),
    total: items.length,
    page: current,
    limit,
    pages,
  };
}

/** The row's number across pages (#): 1-based, continuing from the pages before. */
export const rowNumber = (page: Pick<Page<unknown>, 'page' | 'limit'>, index: number) =>
  (page.page - 1) * page.limit + index + 1;

/**
 * A table's rows as cards, for phones where its columns do not fit: shown below `md`, where the table beside it
 * (`className="hidden … md:block"`) is not.
 */
export function RowCards<T extends { _id: string }>({
  rows,
  card,
  className,
}: {
  rows: readonly T[];
  card: (row: T) => ReactNode;
  /** Margins of the list. */
  className: string;
}) {
  return (
    <ul className={`${className} space-y-3 md:hidden`}>
      {rows.map((row) => (
        <li key={row._id}>{card(row)}</li>
      ))}
    </ul>
  );
}

/** One row as a card (see `RowCards`): its heading beside its status, its details, then its actions. */
export function RowCard({
  heading,
  status,
  actions,
  children,
  ...name
}: {
  heading: ReactNode;
  status: ReactNode;
  actions: ReactNode;
  children: ReactNode;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  return (
    <article className="rounded-box border border-base-300 bg-base-100 p-4" {...name}>
      <div className="flex items-start justify-between gap-2">
        {heading}
        {status}
      </div>
      {children}
      <div className="mt-3">{actions}</div>
    </article>
  );
}

/** One page of a paged list in a table (cards on phones), the pager to the other pages under it. */
type PageTableProps<T> = Omit<DataTableProps<T>, 'rows' | 'pager' | 'cards'> & {
  page: Page<T>;
  onPage: (page: number) => void;
  /** Name of the pager's navigation landmark. */
  pagesLabel: string;
};

export function PageTable<T extends { _id: string }>({ page, onPage, pagesLabel, ...table }: PageTableProps<T>) {
  return <DataTable {...table} cards rows={page.items} pager={{ page, onPage, label: pagesLabel }} />;
}

/**
 * A paged list's `PageTable`, or in its place, when the list has nothing on any page, the note `none` ("Nothing to
 * moderate."); `noneRole="status"` where the note answers the shopper's or admin's search.
 */
export function PageTableOrNone<T extends { _id: string }>({
  none,
  noneRole,
  ...table
}: PageTableProps<T> & { none: ReactNode; noneRole?: 'status' }) {
  if (table.page.total === 0) {
    return (
      <p className="mt-6 rounded-box bg-base-200 p-6" role={noneRole}>
        {none}
      </p>
    );
  }
  return <PageTable {...table} />;
}

/** A cell naming someone (a shop, a shopper, a reviewer) with their e-mail under the name. */
export function NameAndEmail({ name, email, nameClassName }: { name: string; email: string; nameClassName?: string }) {
  return (
    <>
      <div className={nameClassName}>{name}</div>
      <div className="text-xs break-all">{email}</div>
    </>
  );
}

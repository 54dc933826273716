import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FULFILMENT_STATUSES, type FulfilmentStatus } from '#contract/fulfilment.ts';
import { formatDollars } from '#contract/money.ts';
import { paths } from '../../paths.ts';
import { NameAndEmail, PageTableOrNone } from '../../ui/DataTable.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { usePageParam } from '../../ui/TablePager.tsx';
import { DESK_FILTERS, DESK_PARAMS, type DeskFilters, readDeskFilters, useDeskOrders } from './get-desk-orders.ts';
import { OpenProblems } from './OpenProblems.tsx';

export const STATUS_NAMES: Record<FulfilmentStatus, string> = {
  pending: 'Ordered',
  ready: 'Ready',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const placedOn = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The search form: order number or shopper, shop, the days placed and a part's step; sent as a whole. */
function DeskSearch({ filters, onSearch }: { filters: DeskFilters; onSearch: (next: DeskFilters) => void }) {
  const [draft, setDraft] = useState(filters);
  const set = (name: keyof DeskFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  const field = 'flex flex-col gap-1 text-sm font-semibold';
  return (
    <search className="mt-4">
      <form
        onSubmit={submit}
        className="grid grid-cols-1 gap-3 rounded-box bg-base-200 p-4 sm:grid-cols-2 lg:grid-cols-6"
      >
        <label className={`${field} lg:col-span-2`}>
          Order number or shopper
          <input
            className="input w-full"
            value={draft.q}
            onChange={set('q')}
            placeholder="FS-10234, name or e-mail"
            maxLength={100}
          />
        </label>
        <label className={field}>
          Shop
          <input className="input w-full" value={draft.shop} onChange={set('shop')} maxLength={100} />
        </label>
        <label className={field}>
          Placed from
          <input className="input w-full" type="date" value={draft.from} onChange={set('from')} />
        </label>
        <label className={field}>
          Placed until
          <input className="input w-full" type="date" value={draft.to} onChange={set('to')} />
        </label>
        <label className={field}>
          A part is
          <select className="select w-full" value={draft.status} onChange={set('status')}>
            <option value="">Any step</option>
            {FULFILMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_NAMES[status]}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-6">
          <button type="submit" className="btn btn-primary">
            Search orders
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              const none = { q: '', shop: '', from: '', to: '', status: '' } as const;
              setDraft(none);
              onSearch(none);
            }}
          >
            Clear
          </button>
        </div>
      </form>
    </search>
  );
}

/** Every order (admin): find one by number, shopper, shop, days or step, and open its story. */
export function OrdersDeskPage() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const filters = readDeskFilters(params);
  const query = useDeskOrders({ page, ...filters });
  const searching = DESK_FILTERS.some((name) => filters[name] !== '');

  const onSearch = (next: DeskFilters) =>
    setParams(
      (current) => {
        const after = new URLSearchParams(current);
        for (const name of DESK_FILTERS) {
          const value = next[name].trim();
          if (value) after.set(DESK_PARAMS[name], value);
          else after.delete(DESK_PARAMS[name]);
        }
        after.delete('page');
        return after;
      },
      { preventScrollReset: true },
    );

  return (
    <div>
      <h1 className="text-3xl font-bold">Orders{query.data ? `: ${query.data.total}` : ''}</h1>
      <p className="mt-2 max-w-3xl">
        Find an order to see its whole story: each shop’s part and its steps, the payment, refunds, payouts and the
        messages sent. From there you can refund a part or a line, cancel a part or send the receipt again.
      </p>
      <OpenProblems />
      <h2 className="mt-8 text-2xl font-bold">Find an order</h2>
      <DeskSearch key={params.toString()} filters={filters} onSearch={onSearch} />
      <Loaded query={query} loading="Loading the orders">
        {(data) => (
          <PageTableOrNone
            none={searching ? 'No order matches this search.' : 'No orders yet.'}
            noneRole="status"
            label="Orders"
            page={data}
            onPage={setPage}
            pagesLabel="Order pages"
            columns={[
              {
                header: 'Order',
                rowHeader: true,
                cell: (row) => (
                  <Link className="link font-semibold" to={paths.dashboard.adminOrder(row._id)}>
                    {row.orderNumber}
                  </Link>
                ),
              },
              { header: 'Shopper', cell: (row) => <NameAndEmail name={row.name} email={row.email} /> },
              {
                header: 'Shops',
                cell: (row) => (
                  <ul>
                    {row.shops.map((shop) => (
                      <li key={shop.shopName}>
                        {shop.shopName}: {STATUS_NAMES[shop.status]}
                      </li>
                    ))}
                  </ul>
                ),
              },
              {
                header: 'Paid',
                cell: (row) =>
                  row.charged ? (
                    formatDollars(row.total)
                  ) : (
                    <span>
                      {formatDollars(row.total)}
                      <span className="block text-sm opacity-80">not charged yet</span>
                    </span>
                  ),
              },
              { header: 'Refunded', cell: (row) => (row.refunded ? formatDollars(row.refunded) : '—') },
              { header: 'Placed', cell: (row) => placedOn(row.date) },
            ]}
          />
        )}
      </Loaded>
    </div>
  );
}

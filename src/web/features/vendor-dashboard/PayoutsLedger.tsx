import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatDollars } from '#contract/money.ts';
import type { ShopTransfer, TransferState } from '#contract/vendor-payouts.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { toast } from '../../ui/toast.ts';
import { downloadStatement, usePayoutBalance, useShopTransfers, useStatementMonths } from './get-vendor-payouts.ts';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

const STATES: Record<TransferState, { label: string; badge: string }> = {
  owed: { label: 'Owed', badge: 'badge-warning' },
  on_the_way: { label: 'On the way', badge: 'badge-info' },
  paid: { label: 'Paid', badge: 'badge-success' },
};

/** Owed, on the way, paid, and the commission taken. */
export function PayoutBalance() {
  const balance = usePayoutBalance();
  return (
    <Loaded query={balance} loading="Loading your balance">
      {(data) => (
        <section
          aria-label="Your balance"
          className="stats stats-vertical w-full border border-base-300 lg:stats-horizontal"
        >
          <div className="stat">
            <div className="stat-title text-base-content">Owed</div>
            <div className="stat-value text-2xl">{formatDollars(data.owed)}</div>
            <div className="stat-desc text-base-content whitespace-normal">Delivered, waiting for your account</div>
          </div>
          <div className="stat">
            <div className="stat-title text-base-content">On the way</div>
            <div className="stat-value text-2xl">{formatDollars(data.onTheWay)}</div>
            <div className="stat-desc text-base-content whitespace-normal">Being sent to your account</div>
          </div>
          <div className="stat">
            <div className="stat-title text-base-content">Paid</div>
            <div className="stat-value text-2xl text-primary">{formatDollars(data.paid)}</div>
            <div className="stat-desc text-base-content whitespace-normal">In your payout account, less refunds</div>
          </div>
          <div className="stat">
            <div className="stat-title text-base-content">Commission taken</div>
            <div className="stat-value text-2xl">{formatDollars(data.commission.thisMonth)}</div>
            <div className="stat-desc text-base-content whitespace-normal">
              This month; {formatDollars(data.commission.total)} in total, net of refunds
            </div>
          </div>
        </section>
      )}
    </Loaded>
  );
}

const money = (value: number) => formatDollars(value);
const right = { className: 'text-right', headerClassName: 'text-right' };

/** Each transfer with its order, newest first; older ones a page at a time. */
export function TransferList() {
  const pages = useShopTransfers();
  return (
    <section aria-labelledby="transfers-heading">
      <h2 id="transfers-heading" className="text-xl font-bold">
        Transfers
      </h2>
      <Loaded query={pages} loading="Loading your transfers">
        {(data) => (
          <>
            <DataTable<ShopTransfer>
              label="Your transfers, newest first"
              cards
              rows={data.pages.flatMap((page) => page.items)}
              empty="No transfers yet: each order's money follows once your part is delivered or picked up."
              columns={[
                {
                  header: 'Order',
                  rowHeader: true,
                  cell: (row) => (
                    <span>
                      <span className="font-mono">{row.orderNumber}</span>
                      <br />
                      <span className="text-sm font-normal">Ordered {day(row.orderDate)}</span>
                    </span>
                  ),
                },
                { header: 'Delivered', cell: (row) => day(row.deliveredAt) },
                { header: 'Goods', ...right, cell: (row) => money(row.goods) },
                { header: 'Delivery', ...right, cell: (row) => money(row.delivery) },
                { header: 'Commission', ...right, cell: (row) => `-${money(row.commission)}` },
                {
                  header: 'Refunds',
                  ...right,
                  cell: (row) => (row.reversed > 0 ? `-${money(row.reversed)}` : money(0)),
                },
                { header: 'Amount', ...right, cell: (row) => <strong>{money(row.amount)}</strong> },
                {
                  header: 'Status',
                  cell: (row) => (
                    <span className={`badge badge-soft h-auto ${STATES[row.state].badge}`}>
                      {STATES[row.state].label}
                      {row.sentAt ? ` ${day(row.sentAt)}` : ''}
                    </span>
                  ),
                },
              ]}
            />
            {pages.hasNextPage ? (
              <button
                type="button"
                className="btn btn-outline btn-sm mt-3"
                disabled={pages.isFetchingNextPage}
                onClick={() => pages.fetchNextPage()}
              >
                Show older transfers
              </button>
            ) : null}
          </>
        )}
      </Loaded>
    </section>
  );
}

const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Each month with activity, its statement as CSV or PDF. */
export function StatementList() {
  const months = useStatementMonths();
  const [busy, setBusy] = useState(false);
  const save = async (month: string, format: 'csv' | 'pdf') => {
    setBusy(true);
    try {
      await downloadStatement(month, format);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The download failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="statements-heading">
      <h2 id="statements-heading" className="text-xl font-bold">
        Monthly statements
      </h2>
      <p className="mt-1 max-w-prose text-sm">
        Every order line sold with its tax and commission, refunds, transfers and reversals of the month, with totals
        that add up: owed at the start + sales − commission − refunds = paid to your account + owed at the end.
      </p>
      <Loaded query={months} loading="Loading your statements">
        {(data) =>
          data.months.length === 0 ? (
            <p className="mt-3 rounded-box bg-base-200 p-4">Your first statement appears once a part is delivered.</p>
          ) : (
            <ul className="mt-3 divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
              {data.months.map((month) => (
                <li key={month} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <span className="font-semibold">{monthName(month)}</span>
                  <span className="flex gap-2">
                    {(['csv', 'pdf'] as const).map((format) => (
                      <button
                        key={format}
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={busy}
                        aria-label={`Download the statement of ${monthName(month)} (${format.toUpperCase()})`}
                        onClick={() => save(month, format)}
                      >
                        <Download size={16} aria-hidden="true" /> {format.toUpperCase()}
                      </button>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

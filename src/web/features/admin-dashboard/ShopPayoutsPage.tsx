import { Lock, LockOpen } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ShopPayout } from '#contract/admin-payouts.ts';
import { formatDollars } from '#contract/money.ts';
import type { PayoutAccountStatus } from '#contract/payouts.ts';
import { confirmAndRun } from '../../ui/confirm.ts';
import { NameAndEmail, PageTableOrNone } from '../../ui/DataTable.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { usePageParam } from '../../ui/TablePager.tsx';
import { useHoldPayouts, useShopPayouts } from './get-shop-payouts.ts';
import { readShopSearch, SHOP_SEARCH_PARAM } from './shop-search.ts';

const ACCOUNT_LABEL: Record<PayoutAccountStatus, string> = {
  none: 'None',
  pending: 'Pending',
  verified: 'Verified',
};

/** A shop's hold switch: pressed while its payouts are held. Holding asks first and says what it does. */
function HoldSwitch({ row }: { row: ShopPayout }) {
  const hold = useHoldPayouts();
  const toggle = () =>
    confirmAndRun(
      row.held
        ? null
        : {
            title: `Hold the payouts of ${row.shop}?`,
            text: 'Its money for delivered orders waits, and nothing is sent to its account, until you release the hold.',
            confirmText: 'Yes, hold them',
            danger: true,
          },
      () => hold.mutateAsync({ shopId: row.shopId, held: !row.held }),
      row.held
        ? `Payouts of ${row.shop} released: what waited is sent once its account is verified`
        : `Payouts of ${row.shop} are held`,
    );
  const Icon = row.held ? Lock : LockOpen;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`btn btn-sm ${row.held ? 'btn-warning' : 'btn-outline'}`}
        aria-pressed={row.held}
        aria-label={`Hold payouts of ${row.shop}`}
        disabled={hold.isPending}
        onClick={toggle}
      >
        <Icon aria-hidden="true" className="size-3.5" />
        Hold payouts
      </button>
      <span className="text-xs">{row.held ? 'Held: its money waits' : 'Paid as delivered'}</span>
    </div>
  );
}

/** Every shop's payouts, by name, with a search and the hold switch (admin). */
export function ShopPayoutsPage() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const [text, setText] = useState(() => readShopSearch(params));
  const q = useDeferredValue(text.trim());
  useEffect(() => {
    if (q === readShopSearch(params)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set(SHOP_SEARCH_PARAM, q);
        else next.delete(SHOP_SEARCH_PARAM);
        next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [q, params, setParams]);
  const query = useShopPayouts({ page, q: readShopSearch(params) });

  return (
    <div>
      <h1 className="text-3xl font-bold">Payouts{query.data ? `: ${query.data.total}` : ''}</h1>
      <p className="mt-2 max-w-3xl">
        What each shop is owed for its delivered orders and not sent yet, and what was sent to its payout account, both
        net of refunds. Hold a disputed shop’s payouts: its money waits until you release them.
      </p>
      <SearchField
        label="Search shops by name"
        placeholder="Search shops by name"
        value={text}
        onChange={setText}
        className="mt-4 block w-full md:w-80"
      />
      <Loaded query={query} loading="Loading the payouts">
        {(data) => (
          <PageTableOrNone
            none={readShopSearch(params) ? `No shop matches “${readShopSearch(params)}”.` : 'No shops yet.'}
            noneRole="status"
            label="Shop payouts"
            page={data}
            onPage={setPage}
            pagesLabel="Payout pages"
            columns={[
              {
                header: 'Shop',
                rowHeader: true,
                cell: (row) => <NameAndEmail name={row.shop} email={row.email} nameClassName="font-semibold" />,
              },
              { header: 'Owed', cell: (row) => formatDollars(row.owed) },
              { header: 'Paid', cell: (row) => formatDollars(row.paid) },
              { header: 'Payout account', cell: (row) => ACCOUNT_LABEL[row.account] },
              { header: 'Hold', cell: (row) => <HoldSwitch row={row} /> },
            ]}
          />
        )}
      </Loaded>
    </div>
  );
}

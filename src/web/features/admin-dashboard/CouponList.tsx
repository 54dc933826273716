import type { Coupon } from '#contract/coupons.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { showDollars } from '../../ui/show-dollars.ts';
import { TablePager, usePageParam } from '../../ui/TablePager.tsx';
import { useCoupons } from './get-coupons.ts';

const STATE_LABEL: Record<Coupon['state'], string> = { active: 'Active', expired: 'Expired', used_up: 'Used up' };

const discountOf = (c: Coupon) => (c.kind === 'percent' ? `${c.value}% off` : `${showDollars(c.value)} off`);

/** The coupon codes, newest first. */
export function CouponList() {
  const [page, setPage] = usePageParam('coupons');
  const coupons = useCoupons(page);
  return (
    <section aria-labelledby="coupons-title">
      <h2 id="coupons-title" className="text-2xl font-bold">
        Coupons{coupons.data ? `: ${coupons.data.total}` : ''}
      </h2>
      {coupons.isPending ? (
        <PageLoader label="Loading the coupons" />
      ) : coupons.isError ? (
        <LoadError error={coupons.error} onRetry={() => coupons.refetch()} />
      ) : coupons.data.total === 0 ? (
        <p className="mt-4 rounded-box bg-base-200 p-4">No coupon codes yet.</p>
      ) : (
        <>
          <section
            className="mt-4 overflow-x-auto rounded-box border border-base-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
            tabIndex={0}
            aria-label="Coupon codes"
          >
            <table className="table">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Discount</th>
                  <th scope="col">Minimum order</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Used</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {coupons.data.items.map((c) => (
                  <tr key={c._id}>
                    <th scope="row" className="font-mono">
                      {c.code}
                    </th>
                    <td>{discountOf(c)}</td>
                    <td>{c.minOrder === null ? 'None' : showDollars(c.minOrder)}</td>
                    <td>{c.expiresOn ?? 'Never'}</td>
                    <td>
                      {c.usedCount}
                      {c.usageLimit === null ? '' : ` of ${c.usageLimit}`}
                    </td>
                    <td>{STATE_LABEL[c.state]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <TablePager page={page} pages={coupons.data.pages} onPage={setPage} label="Coupon pages" />
        </>
      )}
    </section>
  );
}

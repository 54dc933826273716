import type { Coupon } from '#contract/coupons.ts';
import { formatDollars } from '#contract/money.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { usePageParam } from '../../ui/TablePager.tsx';
import { CountedSection } from './CountedSection.tsx';
import { useCoupons } from './get-coupons.ts';

const STATE_LABEL: Record<Coupon['state'], string> = { active: 'Active', expired: 'Expired', used_up: 'Used up' };

const discountOf = (c: Coupon) => (c.kind === 'percent' ? `${c.value}% off` : `${formatDollars(c.value)} off`);

/** The coupon codes, newest first. */
export function CouponList() {
  const [page, setPage] = usePageParam('coupons');
  const coupons = useCoupons(page);
  return (
    <CountedSection id="coupons-title" title="Coupons" total={coupons.data?.total}>
      <Loaded query={coupons} loading="Loading the coupons">
        {(data) =>
          data.total === 0 ? (
            <p className="mt-4 rounded-box bg-base-200 p-4">No coupon codes yet.</p>
          ) : (
            <DataTable
              label="Coupon codes"
              rows={data.items}
              pager={{ page: data, onPage: setPage, label: 'Coupon pages' }}
              columns={[
                { header: 'Code', rowHeader: true, className: 'font-mono', cell: (c) => c.code },
                { header: 'Discount', cell: discountOf },
                { header: 'Minimum order', cell: (c) => (c.minOrder === null ? 'None' : formatDollars(c.minOrder)) },
                { header: 'Expires', cell: (c) => c.expiresOn ?? 'Never' },
                { header: 'Used', cell: (c) => `${c.usedCount}${c.usageLimit === null ? '' : ` of ${c.usageLimit}`}` },
                { header: 'State', cell: (c) => STATE_LABEL[c.state] },
              ]}
            />
          )
        }
      </Loaded>
    </CountedSection>
  );
}

import type { Coupon } from '#contract/coupons.ts';
import { formatDollars } from '#contract/money.ts';
import { PageTable } from '../../ui/DataTable.tsx';
import { useCoupons } from './get-coupons.ts';
import { PagedSection } from './PagedSection.tsx';

const STATE_LABEL: Record<Coupon['state'], string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  expired: 'Expired',
  used_up: 'Used up',
};

const discountOf = (c: Coupon) => (c.kind === 'percent' ? `${c.value}% off` : `${formatDollars(c.value)} off`);

/** The coupon codes, newest first. */
export function CouponList() {
  return (
    <PagedSection name="coupons" title="Coupons" usePage={useCoupons} empty="No coupon codes yet.">
      {(data, _page, onPage) => (
        <PageTable
          label="Coupon codes"
          page={data}
          onPage={onPage}
          pagesLabel="Coupon pages"
          columns={[
            { header: 'Code', rowHeader: true, className: 'font-mono', cell: (c) => c.code },
            { header: 'Discount', cell: discountOf },
            { header: 'Minimum order', cell: (c) => (c.minOrder === null ? 'None' : formatDollars(c.minOrder)) },
            { header: 'Expires', cell: (c) => c.expiresOn ?? 'Never' },
            { header: 'Used', cell: (c) => `${c.usedCount}${c.usageLimit === null ? '' : ` of ${c.usageLimit}`}` },
            { header: 'State', cell: (c) => STATE_LABEL[c.state] },
          ]}
        />
      )}
    </PagedSection>
  );
}

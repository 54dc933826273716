import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  type Coupon,
  type CouponInput,
  type CouponValues,
  couponDateProblems,
  couponInput,
} from '#contract/coupons.ts';
import { formatDollars } from '#contract/money.ts';
import { errorMessage } from '../../api/client.ts';
import { confirmDelete, tellOutcome } from '../../ui/confirm.ts';
import { PageTable } from '../../ui/DataTable.tsx';
import { FormCard } from '../../ui/FormCard.tsx';
import { sendWithToast } from '../../ui/form-outcome.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { usePageParam } from '../../ui/TablePager.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useCouponList } from './admin-coupons.ts';
import { useCreateCoupon } from './create-coupon.ts';
import { useDeleteCoupon } from './delete-coupon.ts';

const STATE: Record<Coupon['state'], { label: string; className: string }> = {
  scheduled: { label: 'Scheduled', className: 'border-sky-700 bg-sky-50 text-sky-900' },
  active: { label: 'Active', className: 'border-green-700 bg-green-700 text-white' },
  expired: { label: 'Expired', className: 'border-base-300 bg-base-200 text-base-content' },
  used_up: { label: 'Used up', className: 'border-amber-600 bg-amber-50 text-amber-900' },
};

/** This browser's calendar day, YYYY-MM-DD (the server checks again against its business day). */
function localToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The coupon form's checks: the contract's, and its days neither in the past nor backwards. */
const couponForm = couponInput.superRefine((values, ctx) => {
  for (const [path, message] of Object.entries(couponDateProblems(values, localToday()))) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
});

function CreateCouponForm() {
  const create = useCreateCoupon();
  const form = useForm<CouponInput, unknown, CouponValues>({
    resolver: zodResolver(couponForm),
    defaultValues: { code: '', kind: 'percent', value: '' as unknown as number, minOrder: undefined },
  });
  const { handleSubmit, reset, watch } = form;
  const kind = watch('kind');
  const field = wireFields('coupon', form);

  const onSubmit = handleSubmit(async (values) => {
    const sent = await sendWithToast(
      () => create.mutateAsync(values),
      (coupon) => `Coupon ${coupon.code} is ready to use`,
    );
    if (sent) reset();
  });

  return (
    <FormCard
      id="new-coupon"
      title="New coupon"
      onSubmit={onSubmit}
      className="grid gap-x-4 rounded-box border border-base-300 bg-base-100 p-5 sm:grid-cols-2 lg:grid-cols-3"
      titleClassName="text-xl font-bold sm:col-span-2 lg:col-span-3"
    >
      <TextField label="Code" field={field('code')} className="input w-full uppercase" autoComplete="off" />
      <TextField label="Kind" field={field('kind')} as="select">
        <option value="percent">Percent off</option>
        <option value="fixed">Fixed amount off ($)</option>
      </TextField>
      <TextField
        label={kind === 'percent' ? 'Value (%)' : 'Value ($)'}
        field={field('value')}
        type="number"
        min="0"
        step="any"
      />
      <TextField label="Minimum order ($, optional)" field={field('minOrder')} type="number" min="0" step="any" />
      <TextField
        label="First day (optional, today if empty)"
        field={field('startsOn')}
        type="date"
        min={localToday()}
      />
      <TextField label="Last valid day (optional)" field={field('expiresOn')} type="date" min={localToday()} />
      <TextField label="Usage limit (optional)" field={field('usageLimit')} type="number" min="1" step="1" />
      <div className="mt-4 sm:col-span-2 lg:col-span-3">
        <SubmitButton busy={create.isPending}>Create coupon</SubmitButton>
      </div>
    </FormCard>
  );
}

function CouponTable() {
  const [page, setPage] = usePageParam();
  const coupons = useCouponList(page);
  const remove = useDeleteCoupon();

  if (coupons.isPending) return <PageLoader label="Loading the coupons" />;
  if (coupons.isError) return <LoadError error={coupons.error} onRetry={() => coupons.refetch()} />;

  const onDelete = async (coupon: Coupon) => {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync(coupon._id);
      await tellOutcome({ title: 'Deleted!', text: `Coupon ${coupon.code} has been deleted.`, ok: true });
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <section aria-labelledby="coupon-list" className="mt-8">
      <h2 id="coupon-list" className="text-xl font-bold">
        Coupon codes: {coupons.data.total}
      </h2>
      <PageTable
        label="Coupon codes"
        page={coupons.data}
        onPage={setPage}
        pagesLabel="Coupon pages"
        empty="No coupon codes yet."
        columns={[
          { header: 'Code', className: 'font-mono font-semibold', cell: (coupon) => coupon.code },
          {
            header: 'Discount',
            cell: (coupon) =>
              coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatDollars(coupon.value)} off`,
          },
          {
            header: 'Minimum order',
            cell: (coupon) => (coupon.minOrder === null ? '—' : formatDollars(coupon.minOrder)),
          },
          { header: 'First day', cell: (coupon) => coupon.startsOn ?? 'At creation' },
          { header: 'Last valid day', cell: (coupon) => coupon.expiresOn ?? 'No end' },
          {
            header: 'Used',
            cell: (coupon) => `${coupon.usedCount}${coupon.usageLimit === null ? '' : ` / ${coupon.usageLimit}`}`,
          },
          {
            header: 'State',
            cell: (coupon) => (
              <span className={`badge ${STATE[coupon.state].className}`}>{STATE[coupon.state].label}</span>
            ),
          },
          {
            header: 'Delete',
            cell: (coupon) => (
              <IconButton
                icon={Trash2}
                label={`Delete coupon ${coupon.code}`}
                className="text-error"
                onClick={() => onDelete(coupon)}
              />
            ),
          },
        ]}
      />
    </section>
  );
}

/** Admin: create coupon codes and see how they are used. */
export function CouponsPage() {
  return (
    <div>
      <h1 className="mb-6 text-3xl font-bold">Coupons</h1>
      <CreateCouponForm />
      <CouponTable />
    </div>
  );
}

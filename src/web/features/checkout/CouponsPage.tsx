import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import Swal from 'sweetalert2';
import { type Coupon, type CouponInput, type CouponValues, couponInput } from '#contract/coupons.ts';
import { errorMessage } from '../../api/client.ts';
import { confirmDelete, SWAL_COLORS } from '../../auth/confirm.ts';
import { FormField } from '../../ui/FormField.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { showDollars } from '../../ui/show-dollars.ts';
import { TablePager, usePageParam } from '../../ui/TablePager.tsx';
import { useCouponList } from './admin-coupons.ts';
import { useCreateCoupon } from './create-coupon.ts';
import { useDeleteCoupon } from './delete-coupon.ts';

const STATE: Record<Coupon['state'], { label: string; className: string }> = {
  active: { label: 'Active', className: 'border-green-700 bg-green-700 text-white' },
  expired: { label: 'Expired', className: 'border-base-300 bg-base-200 text-base-content' },
  used_up: { label: 'Used up', className: 'border-amber-600 bg-amber-50 text-amber-900' },
};

function CreateCouponForm() {
  const create = useCreateCoupon();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<CouponInput, unknown, CouponValues>({
    resolver: zodResolver(couponInput),
    defaultValues: { code: '', kind: 'percent', value: '' as unknown as number, minOrder: undefined },
  });
  const kind = watch('kind');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const coupon = await create.mutateAsync(values);
      toast.success(`Coupon ${coupon.code} is ready to use`);
      reset();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  });

  const field = (name: keyof CouponInput) => ({
    id: `coupon-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `coupon-${name}-error` : undefined,
    ...register(name),
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-x-4 rounded-box border border-base-300 bg-base-100 p-5 sm:grid-cols-2 lg:grid-cols-3"
      aria-labelledby="new-coupon"
    >
      <h2 id="new-coupon" className="text-xl font-bold sm:col-span-2 lg:col-span-3">
        New coupon
      </h2>
      <FormField label="Code" htmlFor="coupon-code" error={errors.code?.message}>
        <input className="input w-full uppercase" autoComplete="off" {...field('code')} />
      </FormField>
      <FormField label="Kind" htmlFor="coupon-kind" error={errors.kind?.message}>
        <select className="select w-full" {...field('kind')}>
          <option value="percent">Percent off</option>
          <option value="fixed">Fixed amount off ($)</option>
        </select>
      </FormField>
      <FormField
        label={kind === 'percent' ? 'Value (%)' : 'Value ($)'}
        htmlFor="coupon-value"
        error={errors.value?.message}
      >
        <input className="input w-full" type="number" min="0" step="any" {...field('value')} />
      </FormField>
      <FormField label="Minimum order ($, optional)" htmlFor="coupon-minOrder" error={errors.minOrder?.message}>
        <input className="input w-full" type="number" min="0" step="any" {...field('minOrder')} />
      </FormField>
      <FormField label="Last valid day (optional)" htmlFor="coupon-expiresOn" error={errors.expiresOn?.message}>
        <input className="input w-full" type="date" {...field('expiresOn')} />
      </FormField>
      <FormField label="Usage limit (optional)" htmlFor="coupon-usageLimit" error={errors.usageLimit?.message}>
        <input className="input w-full" type="number" min="1" step="1" {...field('usageLimit')} />
      </FormField>
      <div className="mt-4 sm:col-span-2 lg:col-span-3">
        <SubmitButton busy={create.isPending}>Create coupon</SubmitButton>
      </div>
    </form>
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
      await Swal.fire({
        title: 'Deleted!',
        text: `Coupon ${coupon.code} has been deleted.`,
        icon: 'success',
        ...SWAL_COLORS,
      });
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <section aria-labelledby="coupon-list" className="mt-8">
      <h2 id="coupon-list" className="text-xl font-bold">
        Coupon codes: {coupons.data.total}
      </h2>
      <section
        className="mt-3 overflow-x-auto rounded-box border border-base-300 bg-base-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
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
              <th scope="col">Last valid day</th>
              <th scope="col">Used</th>
              <th scope="col">State</th>
              <th scope="col">Delete</th>
            </tr>
          </thead>
          <tbody>
            {coupons.data.items.length === 0 ? (
              <tr>
                <td colSpan={7} className="py-8 text-center">
                  No coupon codes yet.
                </td>
              </tr>
            ) : (
              coupons.data.items.map((coupon) => (
                <tr key={coupon._id}>
                  <td className="font-mono font-semibold">{coupon.code}</td>
                  <td>{coupon.kind === 'percent' ? `${coupon.value}% off` : `${showDollars(coupon.value)} off`}</td>
                  <td>{coupon.minOrder === null ? '—' : showDollars(coupon.minOrder)}</td>
                  <td>{coupon.expiresOn ?? 'No end'}</td>
                  <td>
                    {coupon.usedCount}
                    {coupon.usageLimit === null ? '' : ` / ${coupon.usageLimit}`}
                  </td>
                  <td>
                    <span className={`badge ${STATE[coupon.state].className}`}>{STATE[coupon.state].label}</span>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm text-error"
                      aria-label={`Delete coupon ${coupon.code}`}
                      onClick={() => onDelete(coupon)}
                    >
                      <Trash2 size={18} aria-hidden="true" />
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <TablePager page={page} pages={coupons.data.pages} onPage={setPage} label="Coupon pages" />
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

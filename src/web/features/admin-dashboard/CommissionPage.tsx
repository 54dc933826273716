import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formatDollars } from '#contract/money.ts';
import {
  type CommissionFormValues,
  type CommissionInput,
  type CommissionRates,
  commissionInput,
} from '#contract/payouts.ts';
import { errorMessage } from '../../api/client.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useCommission, useSetCommission } from './get-commission.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
const feeLabel = (rates: CommissionRates) => (rates.orderFee === 0 ? 'No fee' : formatDollars(rates.orderFee));

function CommissionForm({ current }: { current: CommissionRates }) {
  const save = useSetCommission();
  const form = useForm<CommissionFormValues, unknown, CommissionInput>({
    resolver: zodResolver(commissionInput),
    defaultValues: {
      normalPercent: current.normalPercent,
      premiumPercent: current.premiumPercent,
      orderFee: current.orderFee,
    },
  });
  const field = wireFields('commission', form);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('The new commission applies to orders placed from now on');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="commission-form"
      className="grid gap-x-4 rounded-box border border-base-300 bg-base-100 p-5 sm:grid-cols-3"
    >
      <h2 id="commission-form" className="text-xl font-bold sm:col-span-3">
        Commission on orders placed from now on
      </h2>
      <TextField label="Normal shops (%)" field={field('normalPercent')} type="number" min="0" max="50" step="0.01" />
      <TextField label="Premium shops (%)" field={field('premiumPercent')} type="number" min="0" max="50" step="0.01" />
      <TextField
        label="Fee per order ($)"
        hint="Each shop’s part of an order pays it once; 0 for none."
        field={field('orderFee')}
        type="number"
        min="0"
        step="0.01"
      />
      <div className="mt-4 sm:col-span-3">
        <SubmitButton busy={save.isPending}>Save commission</SubmitButton>
      </div>
    </form>
  );
}

/** The admin sets the marketplace's commission per membership and the fee per order; earlier settings below. */
export function CommissionPage() {
  const commission = useCommission();
  if (commission.isPending) return <PageLoader label="Loading the commission" />;
  if (commission.isError) return <LoadError error={commission.error} onRetry={() => commission.refetch()} />;
  const { current, history } = commission.data;
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Commission</h1>
      <p className="max-w-prose">
        Every order line keeps the rate it was sold under: a change applies to orders placed after it. Now:{' '}
        <strong>
          {current.normalPercent}% normal, {current.premiumPercent}% premium, {feeLabel(current)} per order
        </strong>{' '}
        (since {day(current.since)}).
      </p>
      <CommissionForm key={current.since} current={current} />
      <section aria-labelledby="commission-history">
        <h2 id="commission-history" className="text-xl font-bold">
          Earlier rates
        </h2>
        <DataTable
          label="Earlier commission rates"
          cards
          rows={history}
          empty="No earlier rates."
          columns={[
            { header: 'Since', rowHeader: true, cell: (rates) => day(rates.since) },
            { header: 'Normal', cell: (rates) => `${rates.normalPercent}%` },
            { header: 'Premium', cell: (rates) => `${rates.premiumPercent}%` },
            { header: 'Fee per order', cell: feeLabel },
          ]}
        />
      </section>
    </div>
  );
}

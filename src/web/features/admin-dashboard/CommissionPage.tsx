import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formatDollars } from '#contract/money.ts';
import {
  type CommissionFormValues,
  type CommissionInput,
  type CommissionRates,
  commissionInput,
} from '#contract/payouts.ts';
import { FormCard } from '../../ui/FormCard.tsx';
import { sendWithToast } from '../../ui/form-outcome.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { useCommission, useSetCommission } from './get-commission.ts';
import { SettingPage } from './SettingPage.tsx';

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
  const onSubmit = form.handleSubmit((values) =>
    sendWithToast(() => save.mutateAsync(values), 'The new commission applies to orders placed from now on'),
  );
  return (
    <FormCard
      id="commission-form"
      title="Commission on orders placed from now on"
      onSubmit={onSubmit}
      className="grid gap-x-4 rounded-box border border-base-300 bg-base-100 p-5 sm:grid-cols-3"
      titleClassName="text-xl font-bold sm:col-span-3"
    >
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
    </FormCard>
  );
}

/** The admin sets the marketplace's commission per membership and the fee per order; earlier settings below. */
export function CommissionPage() {
  const commission = useCommission();
  return (
    <SettingPage
      query={commission}
      loading="Loading the commission"
      title="Commission"
      now={(current) => (
        <>
          Every order line keeps the rate it was sold under: a change applies to orders placed after it. Now:{' '}
          <strong>
            {current.normalPercent}% normal, {current.premiumPercent}% premium, {feeLabel(current)} per order
          </strong>
        </>
      )}
      form={(current) => <CommissionForm current={current} />}
      history={{
        id: 'commission-history',
        title: 'Earlier rates',
        label: 'Earlier commission rates',
        empty: 'No earlier rates.',
        columns: [
          { header: 'Normal', cell: (rates) => `${rates.normalPercent}%` },
          { header: 'Premium', cell: (rates) => `${rates.premiumPercent}%` },
          { header: 'Fee per order', cell: feeLabel },
        ],
      }}
    />
  );
}

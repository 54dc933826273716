import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  MAX_TAX_PERCENT,
  pricesTaxNote,
  type TaxFormValues,
  type TaxInput,
  type TaxSetting,
  taxInput,
} from '#contract/tax.ts';
import { FormCard } from '../../ui/FormCard.tsx';
import { sendWithToast } from '../../ui/form-outcome.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { useSetTax, useTax } from './get-tax.ts';
import { SettingPage } from './SettingPage.tsx';

/** `Vegetables 5%, Fruit 8.25%`, or `No tax`. */
const ratesLabel = (setting: TaxSetting) =>
  setting.rates
    .filter((rate) => rate.percent > 0)
    .map((rate) => `${rate.label} ${rate.percent}%`)
    .join(', ') || 'No tax';

function TaxForm({ current }: { current: TaxSetting }) {
  const save = useSetTax();
  const form = useForm<TaxFormValues, unknown, TaxInput>({
    resolver: zodResolver(taxInput),
    defaultValues: {
      pricesIncludeTax: current.pricesIncludeTax,
      rates: Object.fromEntries(current.rates.map((rate) => [rate.category, rate.percent])) as TaxFormValues['rates'],
    },
  });
  const field = wireFields('tax', form);
  const onSubmit = form.handleSubmit((values) =>
    sendWithToast(() => save.mutateAsync(values), 'The new tax applies to orders placed from now on'),
  );
  return (
    <FormCard
      id="tax-form"
      title="Tax on orders placed from now on"
      onSubmit={onSubmit}
      className="grid gap-x-4 rounded-box border border-base-300 bg-base-100 p-5 sm:grid-cols-2 lg:grid-cols-3"
      titleClassName="text-xl font-bold sm:col-span-2 lg:col-span-3"
    >
      <label className="label my-3 cursor-pointer gap-3 whitespace-normal text-base-content sm:col-span-2 lg:col-span-3">
        <input type="checkbox" className="checkbox" id="tax-pricesIncludeTax" {...form.register('pricesIncludeTax')} />
        Prices include tax (otherwise tax is added at checkout)
      </label>
      {current.rates.map((rate) => (
        <TextField
          key={rate.category}
          label={`${rate.label} (%)`}
          field={field(`rates.${rate.category}`)}
          type="number"
          min="0"
          max={MAX_TAX_PERCENT}
          step="0.01"
        />
      ))}
      <div className="mt-4 sm:col-span-2 lg:col-span-3">
        <SubmitButton busy={save.isPending}>Save tax</SubmitButton>
      </div>
    </FormCard>
  );
}

/** The admin sets the tax rate of each category and whether prices include tax; earlier settings below. */
export function TaxPage() {
  const tax = useTax();
  return (
    <SettingPage
      query={tax}
      loading="Loading the tax rates"
      title="Tax"
      now={(current) => (
        <>
          Every order line keeps the rate it was sold under and its tax, rounded per line; the marketplace keeps the tax
          out of the shops’ payouts and remits it. Now: <strong>{ratesLabel(current)}</strong>;{' '}
          {pricesTaxNote(current.pricesIncludeTax).toLowerCase()}
        </>
      )}
      form={(current) => <TaxForm current={current} />}
      history={{
        id: 'tax-history',
        title: 'Earlier settings',
        label: 'Earlier tax settings',
        empty: 'No earlier settings.',
        columns: [
          { header: 'Rates', cell: ratesLabel },
          { header: 'Prices', cell: (setting) => pricesTaxNote(setting.pricesIncludeTax) },
        ],
      }}
    />
  );
}

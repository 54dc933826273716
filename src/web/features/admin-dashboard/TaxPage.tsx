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
import { errorMessage } from '../../api/client.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useSetTax, useTax } from './get-tax.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

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
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('The new tax applies to orders placed from now on');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="tax-form"
      className="grid gap-x-4 rounded-box border border-base-300 bg-base-100 p-5 sm:grid-cols-2 lg:grid-cols-3"
    >
      <h2 id="tax-form" className="text-xl font-bold sm:col-span-2 lg:col-span-3">
        Tax on orders placed from now on
      </h2>
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
    </form>
  );
}

/** The admin sets the tax rate of each category and whether prices include tax; earlier settings below. */
export function TaxPage() {
  const tax = useTax();
  if (tax.isPending) return <PageLoader label="Loading the tax rates" />;
  if (tax.isError) return <LoadError error={tax.error} onRetry={() => tax.refetch()} />;
  const { current, history } = tax.data;
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Tax</h1>
      <p className="max-w-prose">
        Every order line keeps the rate it was sold under and its tax, rounded per line; the marketplace keeps the tax
        out of the shops’ payouts and remits it. Now: <strong>{ratesLabel(current)}</strong>;{' '}
        {pricesTaxNote(current.pricesIncludeTax).toLowerCase()} (since {day(current.since)}).
      </p>
      <TaxForm key={current.since} current={current} />
      <section aria-labelledby="tax-history">
        <h2 id="tax-history" className="text-xl font-bold">
          Earlier settings
        </h2>
        <DataTable
          label="Earlier tax settings"
          cards
          rows={history}
          empty="No earlier settings."
          columns={[
            { header: 'Since', rowHeader: true, cell: (setting) => day(setting.since) },
            { header: 'Rates', cell: ratesLabel },
            { header: 'Prices', cell: (setting) => pricesTaxNote(setting.pricesIncludeTax) },
          ]}
        />
      </section>
    </div>
  );
}

import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { ALLERGENS, capitalized, LABELS } from '#contract/food-facts.ts';
import { MARKDOWN_DAYS, MARKDOWN_PERCENT } from '#contract/markdowns.ts';
import { dollarsToCents, formatMoney, MAX_PRICE_CENTS, marginFromPrice, priceFromCost } from '#contract/money.ts';
import type { Pricing, ProductEditFormValues } from '#contract/products.ts';
import { NET_UNITS, SOLD_BY_ORDER, UNIT_INFO } from '#contract/units.ts';
import { FormField } from '../../ui/FormField.tsx';
import { CheckOption } from './CheckOption.tsx';
import { ProductImageField } from './ProductImageField.tsx';
import { SizesSection } from './ProductSizes.tsx';

/** The fields a vendor fills for a product (shared by Add Product and Edit): the edit input's, as the form holds them. */
export type ProductFieldValues = ProductEditFormValues;

/**
 * The empty form Add Product starts from (and returns to after each add); the numbers start empty. A new field's
 * control below and its empty value here are all the form needs (Edit fills it from the product's field of the same
 * name).
 */
export const EMPTY_PRODUCT_FIELDS = {
  // The spec's way first: cost and margin give the price; "Set the price" takes it as typed.
  pricing: 'costAndMargin',
  productName: '',
  productDetails: '',
  productManufacturingDate: '',
  productExpireDate: '',
  productImage: '',
  allergens: [],
  labels: [],
  ingredients: '',
  originName: '',
  originPostcode: '',
  packLabel: '',
  pieceName: '',
  // One size until the vendor adds another (decision 052).
  options: [],
  stockShared: false,
} satisfies Partial<ProductFieldValues>;

/** An empty choice is none: the category's unit when adding, the product's own when editing. */
const choiceOrUndefined = (value: string) => (value === '' ? undefined : value);
const choiceOrNull = (value: string) => (value === '' ? null : value);

/** A group of checkboxes under a legend, one per name, registered as one array field. */
function NameChecks({
  idPrefix,
  name,
  legend,
  names,
  form,
}: {
  idPrefix: string;
  name: 'allergens' | 'labels';
  legend: string;
  names: readonly string[];
  // biome-ignore lint/suspicious/noExplicitAny: shared by two forms whose value types differ only in category
  form: UseFormReturn<any, unknown, any>;
}) {
  const error = (form.formState.errors as FieldErrors<ProductFieldValues>)[name]?.message;
  const errorId = `${idPrefix}-${name}-error`;
  return (
    <fieldset
      className="fieldset rounded-box border border-base-300 p-3 sm:col-span-2"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="fieldset-legend">{legend}</legend>
      <ul className="grid grid-cols-1 gap-1 min-[360px]:grid-cols-2 md:grid-cols-3">
        {names.map((value) => (
          <li key={value}>
            <CheckOption value={value} {...form.register(name)}>
              {capitalized(value)}
            </CheckOption>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="text-sm text-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** An empty number box is no number (null); the schema says whether one is needed. */
const numberOrNull = (v: string | number | null) => (v === '' || v === null ? null : Number(v));

/** A form's number as the server would take it: a finite number from 0 up, else null (an empty or wrong box). */
const amountOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** The price the server computes from cost and margin, in cents, or null while either is missing or wrong. */
function priceCentsOf(cost: unknown, margin: unknown): number | null {
  const c = amountOf(cost);
  const m = amountOf(margin);
  return c === null || m === null ? null : priceFromCost(dollarsToCents(c), Math.round(m * 100));
}

export function livePrice(cost: unknown, margin: unknown): string {
  const cents = priceCentsOf(cost, margin);
  return cents === null ? '—' : formatMoney(cents);
}

/** The margin a typed price makes over the cost given ("25%", "−10%"), or a dash without a price or a cost above 0. */
export function liveMargin(price: unknown, cost: unknown): string {
  const p = amountOf(price);
  const c = amountOf(cost);
  const margin = p === null || c === null ? null : marginFromPrice(dollarsToCents(p), dollarsToCents(c));
  return margin === null ? '—' : `${margin < 0 ? '−' : ''}${Math.abs(margin)}%`;
}

const PRICINGS_SHOWN: { value: Pricing; label: string }[] = [
  { value: 'costAndMargin', label: 'Work it out from cost and margin' },
  { value: 'price', label: 'Set the price' },
];

/**
 * The one product form, used by Add Product and the Edit dialog: the vendor's fields, the picture uploaded at
 * once with progress, the live price (cost plus margin, as the server computes it). `before` holds what only
 * one flow asks (the category when adding), `priceNote` what the price says under it, `actions` the buttons.
 */
export function ProductForm({
  idPrefix,
  form,
  onSubmit,
  before,
  priceNote,
  actions,
  firstOption,
  className = 'grid gap-x-6 sm:grid-cols-2',
}: {
  idPrefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: shared by two forms whose value types differ only in category
  form: UseFormReturn<any, unknown, any>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  before?: ReactNode;
  priceNote?: ReactNode;
  actions: ReactNode;
  /** Editing: the product's first option, which the first size edits once the product has several. */
  firstOption?: { _id: string; sku: string; gtin: string | null; draws: number | null };
  className?: string;
}) {
  const { register, watch, setValue } = form;
  // Several sizes (decision 052): the rows carry unit, price and stock; the one-size fields are not shown.
  const sizes = ((watch('options') as unknown[] | undefined)?.length ?? 0) > 0;
  const byWeight = Boolean(watch('soldByWeight'));
  const soldBy = watch('unit') as string | undefined;
  const pricing: Pricing = watch('pricing') === 'price' ? 'price' : 'costAndMargin';
  const perKg = byWeight ? ' per kg' : '';
  const errors = form.formState.errors as FieldErrors<ProductFieldValues>;
  const field = (
    name: keyof ProductFieldValues,
    options: { valueAsNumber?: boolean; setValueAs?: (value: string) => unknown } = {},
  ) => ({
    id: `${idPrefix}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${idPrefix}-${name}-error` : undefined,
    ...register(name, options.valueAsNumber ? { valueAsNumber: true } : options.setValueAs ? options : undefined),
  });
  const labelled = (name: keyof ProductFieldValues, label: string, control: ReactNode) => (
    <FormField label={label} htmlFor={`${idPrefix}-${name}`} error={errors[name]?.message as string | undefined}>
      {control}
    </FormField>
  );
  const amount = (name: 'productQuantity' | 'productionCost' | 'profitMargin' | 'productPrice') => (
    <input
      className="input w-full"
      type="number"
      min={0}
      step={name === 'productQuantity' ? 1 : '0.01'}
      inputMode={name === 'productQuantity' ? undefined : 'decimal'}
      // Money and margin: an empty box is none (null), which the schema names when the way chosen needs it.
      {...field(name, name === 'productQuantity' ? { valueAsNumber: true } : { setValueAs: numberOrNull })}
    />
  );
  /** The way the price is set changes: the other way's figure that no longer applies is dropped, so it cannot block. */
  const choosePricing = (next: Pricing) => {
    if (next === 'price') {
      // The price they had worked out is where typing starts.
      const cents = priceCentsOf(watch('productionCost'), watch('profitMargin'));
      if (cents !== null && cents <= MAX_PRICE_CENTS && amountOf(watch('productPrice')) === null) {
        setValue('productPrice', cents / 100);
      }
      setValue('profitMargin', null);
    } else {
      setValue('productPrice', null);
    }
    form.clearErrors(['productPrice', 'productionCost', 'profitMargin']);
    // Each size likewise: typing starts from the price its cost and margin made.
    const rows = (watch('options') as unknown[] | undefined) ?? [];
    rows.forEach((_, i) => {
      if (next === 'price') {
        const cents = priceCentsOf(watch(`options.${i}.productionCost`), watch(`options.${i}.profitMargin`));
        if (cents !== null && cents <= MAX_PRICE_CENTS && amountOf(watch(`options.${i}.productPrice`)) === null) {
          setValue(`options.${i}.productPrice`, cents / 100);
        }
      }
      form.clearErrors([`options.${i}.productPrice`, `options.${i}.productionCost`, `options.${i}.profitMargin`]);
    });
  };
  const pricingChoice = register('pricing');
  /** A whole number from `range.min` (to `range.max`), empty for none (`numberOrNull`). */
  const wholeNumber = (
    name: 'gramsPerPiece' | 'markdownPercent' | 'markdownDays',
    range: { min: number; max?: number },
  ) => (
    <input
      className="input w-full"
      type="number"
      min={range.min}
      max={range.max}
      step={1}
      {...field(name, { setValueAs: numberOrNull })}
    />
  );
  const weightChoice = (
    <label className="flex cursor-pointer items-start gap-2 py-3 sm:col-span-2" htmlFor={`${idPrefix}-soldByWeight`}>
      <input
        id={`${idPrefix}-soldByWeight`}
        type="checkbox"
        className="checkbox checkbox-primary shrink-0"
        {...register('soldByWeight')}
      />
      <span>
        Sold by weight <span className="text-sm">(price per kg; shoppers buy pieces and pay what you weigh)</span>
      </span>
    </label>
  );
  const pricingChoiceField = (
    <fieldset className="fieldset sm:col-span-2">
      <legend className="fieldset-legend">How do you set the price?</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {PRICINGS_SHOWN.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 py-1">
            <input
              type="radio"
              className="radio radio-primary radio-sm"
              value={option.value}
              {...pricingChoice}
              onChange={(event) => {
                void pricingChoice.onChange(event);
                choosePricing(option.value);
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      {before}
      {labelled('productName', 'Product Name', <input className="input w-full" {...field('productName')} />)}
      {sizes ? null : (
        <>
          {labelled('productQuantity', 'Product Quantity', amount('productQuantity'))}
          <fieldset className="grid gap-x-6 sm:col-span-2 sm:grid-cols-2" aria-describedby={`${idPrefix}-unit-note`}>
            <legend className="pt-3 font-semibold">What you sell by</legend>
            {labelled(
              'unit',
              'Sold by',
              <select className="select w-full" {...field('unit', { setValueAs: choiceOrUndefined })}>
                <option value="">The category&apos;s unit</option>
                {SOLD_BY_ORDER.map((unit) => (
                  <option key={unit} value={unit}>
                    {UNIT_INFO[unit].label}
                  </option>
                ))}
              </select>,
            )}
            <p id={`${idPrefix}-unit-note`} className="text-sm text-base-content/80 sm:self-end sm:pb-3">
              Stock and the shopper&apos;s amount count whole units of it. To sell 500 g of tomatoes, sell a pack of 500
              g, or tick &ldquo;Sold by weight&rdquo; to charge what you weigh.
            </p>
            {soldBy === 'pack' ? (
              <>
                {labelled(
                  'packLabel',
                  'Pack name (jar, 200 g bag, box of 6)',
                  <input className="input w-full" maxLength={40} {...field('packLabel')} />,
                )}
                <div className="grid grid-cols-2 gap-x-3">
                  {labelled(
                    'netQuantity',
                    'Net quantity',
                    <input
                      className="input w-full"
                      type="number"
                      min={0}
                      step="any"
                      inputMode="decimal"
                      {...field('netQuantity', { setValueAs: numberOrNull })}
                    />,
                  )}
                  {labelled(
                    'netUnit',
                    'Net unit',
                    <select className="select w-full" {...field('netUnit', { setValueAs: choiceOrNull })}>
                      <option value="">Choose</option>
                      {NET_UNITS.map((unit) => (
                        <option key={unit} value={unit}>
                          {UNIT_INFO[unit].many}
                        </option>
                      ))}
                    </select>,
                  )}
                </div>
              </>
            ) : null}
          </fieldset>
        </>
      )}
      <SizesSection
        idPrefix={idPrefix}
        form={form}
        firstOption={firstOption}
        livePrice={livePrice}
        productQuantity={labelled('productQuantity', 'Shared stock (units the sizes take)', amount('productQuantity'))}
        settings={
          <div className="grid gap-x-6 sm:col-span-2 sm:grid-cols-2">
            {weightChoice}
            {pricingChoiceField}
          </div>
        }
      />
      {labelled(
        'pieceName',
        'One piece is called (optional; egg gives “$0.54/egg”)',
        <input className="input w-full" maxLength={30} {...field('pieceName')} />,
      )}
      <div className="sm:col-span-2">
        {labelled(
          'productDetails',
          'Product Description',
          <textarea className="textarea h-28 w-full" {...field('productDetails')} />,
        )}
      </div>
      <div className="sm:col-span-2">
        {labelled(
          'ingredients',
          'Ingredients (as on the label; leave empty for a single fresh food)',
          <textarea className="textarea h-20 w-full" {...field('ingredients')} />,
        )}
      </div>
      <NameChecks idPrefix={idPrefix} form={form} name="labels" legend="Dietary labels" names={LABELS} />
      <NameChecks idPrefix={idPrefix} form={form} name="allergens" legend="Allergens it contains" names={ALLERGENS} />
      <fieldset className="grid gap-x-6 sm:col-span-2 sm:grid-cols-2">
        <legend className="pt-3 font-semibold">Where it comes from</legend>
        <p className="text-sm sm:col-span-2">
          A farm other than your shop? Name it and give its ZIP code; leave both empty for your shop.
        </p>
        {labelled(
          'originName',
          'Farm name',
          <input className="input w-full" maxLength={120} {...field('originName')} />,
        )}
        {labelled(
          'originPostcode',
          'Farm ZIP code',
          <input
            className="input w-full"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            {...field('originPostcode')}
          />,
        )}
      </fieldset>
      {sizes ? null : (
        <>
          {weightChoice}
          {byWeight
            ? labelled('gramsPerPiece', 'Estimated weight per piece (g)', wholeNumber('gramsPerPiece', { min: 1 }))
            : null}
          {pricingChoiceField}
        </>
      )}
      {sizes ? null : pricing === 'price' ? (
        <>
          {labelled('productPrice', `Price ($${perKg})`, amount('productPrice'))}
          {labelled('productionCost', `Production Cost ($${perKg}, optional)`, amount('productionCost'))}
        </>
      ) : (
        <>
          {labelled('productionCost', `Production Cost ($${perKg})`, amount('productionCost'))}
          {labelled('profitMargin', 'Profit Margin(%)', amount('profitMargin'))}
        </>
      )}
      {labelled(
        'productManufacturingDate',
        'Manufacturing Date',
        <input className="input w-full" type="date" {...field('productManufacturingDate')} />,
      )}
      {labelled(
        'productExpireDate',
        'Expire Date',
        <input
          className="input w-full"
          type="date"
          min={watch('productManufacturingDate') || undefined}
          {...field('productExpireDate')}
        />,
      )}
      <fieldset className="fieldset sm:col-span-2" aria-describedby={`${idPrefix}-markdown-note`}>
        <legend className="fieldset-legend">Near-expiry markdown (optional)</legend>
        <p id={`${idPrefix}-markdown-note`} className="text-sm text-base-content/80">
          Take a percent off in the last days before the expiry date. Leave both empty to use your shop&apos;s rule.
        </p>
        <div className="grid gap-x-6 sm:grid-cols-2">
          {labelled('markdownPercent', 'Markdown (% off)', wholeNumber('markdownPercent', MARKDOWN_PERCENT))}
          {labelled('markdownDays', 'In the last (days)', wholeNumber('markdownDays', MARKDOWN_DAYS))}
        </div>
      </fieldset>
      <ProductImageField
        id={`${idPrefix}-productImage`}
        value={watch('productImage')}
        error={errors.productImage?.message}
        onUploaded={(url) => setValue('productImage', url, { shouldValidate: true })}
      />
      {sizes ? null : pricing === 'price' ? (
        <div className="fieldset">
          <span className="fieldset-legend">Your margin</span>
          <p className="py-2 text-2xl font-bold text-primary" aria-live="polite">
            {liveMargin(watch('productPrice'), watch('productionCost'))}
          </p>
          <p className="text-sm text-base-content/80">
            Over the production cost, when you give one. Only you see your cost and margin.
          </p>
        </div>
      ) : (
        <div className="fieldset">
          <span className="fieldset-legend">{byWeight ? 'Price per kg' : 'Price'}</span>
          <p className="py-2 text-2xl font-bold text-primary" aria-live="polite">
            {livePrice(watch('productionCost'), watch('profitMargin'))}
          </p>
          {priceNote ? <p className="text-sm text-base-content/80">{priceNote}</p> : null}
        </div>
      )}
      {actions}
    </form>
  );
}

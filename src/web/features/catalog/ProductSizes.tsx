import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { type FieldErrors, get, type Resolver, type UseFormReturn, useFieldArray } from 'react-hook-form';
import {
  MAX_OPTIONS,
  type OptionFormValues,
  type Pricing,
  type ProductEditFormValues,
  type VendorProduct,
} from '#contract/products.ts';
import { NET_UNITS, SOLD_BY_ORDER, UNIT_INFO, type Unit } from '#contract/units.ts';
import { FormField } from '../../ui/FormField.tsx';

/**
 * A product's sizes and packs in the vendor's form (decision 052): by default one size, described by the form's own
 * fields as before; "Add a size" turns them into rows (name, what it is sold by, price or cost and margin, stock or
 * the units of a shared stock it takes, SKU, GTIN), at most MAX_OPTIONS, each removable while two are left.
 */

type Values = ProductEditFormValues & { productCategory?: unknown };
/** A row of the form: an option's input, its numbers as typed (null when empty). */
export type SizeRow = OptionFormValues;

/** An empty number box is no number (null); the schema says whether one is needed. */
const numberOrNull = (v: string | number | null) => (v === '' || v === null ? null : Number(v));
const choiceOrUndefined = (value: string) => (value === '' ? undefined : value);
const choiceOrNull = (value: string) => (value === '' ? null : value);

/** The product-level fields that describe its one size; with rows they are the rows' and are not sent. */
const ONE_SIZE_FIELDS = [
  'unit',
  'packLabel',
  'netQuantity',
  'netUnit',
  'pricing',
  'productPrice',
  'productionCost',
  'profitMargin',
  'soldByWeight',
  'gramsPerPiece',
] as const;

/**
 * The input the form sends: without rows, its fields as they are (one size); with rows, the rows as `options`, each
 * priced the way the form says and sold by weight or not as the form says (all or none), drawing from the shared
 * stock (`productQuantity`) or counting their own, and none of the one-size fields.
 */
export function sizesOf<V extends Partial<Values>>(values: V): V {
  const { options, stockShared, ...rest } = values;
  if (!options || options.length === 0) return rest as V;
  const shared = Boolean(stockShared);
  const byWeight = Boolean(values.soldByWeight);
  const pricing: Pricing = values.pricing === 'price' ? 'price' : 'costAndMargin';
  const product: Record<string, unknown> = { ...rest };
  for (const name of ONE_SIZE_FIELDS) delete product[name];
  if (!shared) delete product.productQuantity;
  return {
    ...product,
    stockShared: shared,
    options: options.map((row) => {
      const pack = row.unit === 'pack';
      return {
        ...row,
        pricing,
        productPrice: pricing === 'price' ? row.productPrice : null,
        profitMargin: pricing === 'price' ? null : row.profitMargin,
        soldByWeight: byWeight,
        gramsPerPiece: byWeight ? row.gramsPerPiece : null,
        packLabel: pack ? row.packLabel : null,
        netQuantity: pack ? row.netQuantity : null,
        netUnit: pack ? row.netUnit : null,
        stock: shared ? null : row.stock,
        draws: shared ? row.draws : null,
      };
    }),
  } as V;
}

/** The form's resolver, checking (and answering) what `sizesOf` makes of its values. */
// biome-ignore lint/suspicious/noExplicitAny: wraps the resolver of either product form
export function withSizes<R extends Resolver<any, any, any>>(resolver: R): R {
  return ((values, context, options) => resolver(sizesOf(values), context, options)) as R;
}

/** A size as the form holds it: a product's option, to edit. */
export function rowOf(option: VendorProduct['options'][number]): SizeRow {
  return {
    _id: option._id,
    label: option.label,
    sku: option.sku,
    gtin: option.gtin ?? '',
    unit: option.unit,
    packLabel: option.pack?.label ?? '',
    netQuantity: option.pack?.netQuantity ?? null,
    netUnit: option.pack?.netUnit ?? null,
    productPrice: option.price,
    productionCost: option.productionCost,
    profitMargin: option.pricing === 'price' ? null : option.profitMargin,
    gramsPerPiece: option.gramsPerPiece,
    stock: option.stock,
    draws: option.draws,
  };
}

/** A new, empty size, sold by `unit` (the first size's). */
const emptyRow = (unit: Unit | undefined): SizeRow => ({
  label: '',
  sku: '',
  gtin: '',
  unit,
  packLabel: '',
  netQuantity: null,
  netUnit: null,
  productPrice: null,
  productionCost: null,
  profitMargin: null,
  gramsPerPiece: null,
  stock: null,
  draws: null,
});

export function SizesSection({
  idPrefix,
  form,
  firstOption,
  livePrice,
  productQuantity,
  settings,
}: {
  idPrefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: shared by two forms whose value types differ only in category
  form: UseFormReturn<any, unknown, any>;
  /** The product's one option when editing it, so its first row edits that option (same id, SKU and GTIN). */
  firstOption?: { _id: string; sku: string; gtin: string | null; draws: number | null };
  /** The price cost and margin make ("$11.25", "—"). */
  livePrice: (cost: unknown, margin: unknown) => string;
  /** The stock field (labelled "Shared stock" here), when the sizes share one. */
  productQuantity: ReactNode;
  /** Sold by weight and the way of pricing, which every size follows. */
  settings: ReactNode;
}) {
  const { register, watch, control } = form;
  const rows = useFieldArray({ control, name: 'options' });
  const errors = form.formState.errors as FieldErrors<Values>;
  const byWeight = Boolean(watch('soldByWeight'));
  const shared = Boolean(watch('stockShared'));
  const pricing: Pricing = watch('pricing') === 'price' ? 'price' : 'costAndMargin';
  const perKg = byWeight ? ' per kg' : '';
  const count = rows.fields.length;

  /** From one size to two: the form's own fields become the first row, and an empty second row follows. */
  const addSize = () => {
    if (count >= MAX_OPTIONS) return;
    if (count > 0) {
      rows.append(emptyRow(watch('options.0.unit')));
      return;
    }
    const stock = watch('productQuantity');
    const unit = watch('unit') as Unit | undefined;
    const first: SizeRow = {
      ...emptyRow(unit),
      ...(firstOption
        ? { _id: firstOption._id, sku: firstOption.sku, gtin: firstOption.gtin ?? '', draws: firstOption.draws }
        : {}),
      packLabel: watch('packLabel') ?? '',
      netQuantity: watch('netQuantity') ?? null,
      netUnit: watch('netUnit') ?? null,
      productPrice: watch('productPrice') ?? null,
      productionCost: watch('productionCost') ?? null,
      profitMargin: watch('profitMargin') ?? null,
      gramsPerPiece: watch('gramsPerPiece') ?? null,
      stock: typeof stock === 'number' && Number.isFinite(stock) ? stock : null,
    };
    rows.replace([first, emptyRow(unit)]);
  };

  if (count === 0) {
    return (
      <section
        aria-labelledby={`${idPrefix}-sizes-title`}
        className="my-3 rounded-box border border-base-300 p-3 sm:col-span-2"
      >
        <h2 id={`${idPrefix}-sizes-title`} className="font-semibold">
          Sizes and packs
        </h2>
        <p className="text-sm text-base-content/80">
          One size, as this form describes it. Sell it in several (a half dozen and a dozen, a 250 g and a 500 g jar),
          each with its own price?
        </p>
        <button type="button" className="btn btn-sm btn-outline mt-2" onClick={addSize}>
          <Plus size={16} aria-hidden="true" /> Add a size
        </button>
      </section>
    );
  }

  const rowError = (i: number, name: keyof SizeRow): string | undefined =>
    (get(errors, `options.${i}.${name}`) as { message?: string } | undefined)?.message;
  const wired = (i: number, name: keyof SizeRow, setValueAs?: (value: string) => unknown) => {
    const id = `${idPrefix}-options-${i}-${name}`;
    const error = rowError(i, name);
    return {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      ...register(`options.${i}.${name}`, setValueAs ? { setValueAs } : undefined),
    };
  };
  const labelled = (i: number, name: keyof SizeRow, label: string, control: ReactNode) => (
    <FormField label={label} htmlFor={`${idPrefix}-options-${i}-${name}`} error={rowError(i, name)}>
      {control}
    </FormField>
  );
  const money = (i: number, name: 'productPrice' | 'productionCost' | 'profitMargin') => (
    <input
      className="input w-full"
      type="number"
      min={0}
      step="0.01"
      inputMode="decimal"
      {...wired(i, name, numberOrNull)}
    />
  );
  const whole = (i: number, name: 'stock' | 'draws' | 'gramsPerPiece') => (
    <input className="input w-full" type="number" min={0} step={1} {...wired(i, name, numberOrNull)} />
  );
  const listError =
    (get(errors, 'options') as { message?: string } | undefined)?.message ??
    (get(errors, 'options.root') as { message?: string } | undefined)?.message;

  return (
    <fieldset
      className="my-3 grid gap-x-6 rounded-box border border-base-300 p-3 sm:col-span-2 sm:grid-cols-2"
      aria-describedby={`${idPrefix}-sizes-note`}
    >
      <legend className="px-1 font-semibold">Sizes and packs</legend>
      <p id={`${idPrefix}-sizes-note`} className="text-sm text-base-content/80 sm:col-span-2">
        Each size has its own name, price and code; shoppers choose one on the product page. Its stock is its own, or
        tick the box below when the sizes come from one stock (a dozen takes 12 of the eggs).
      </p>
      {settings}
      <label className="flex cursor-pointer items-start gap-2 py-2 sm:col-span-2" htmlFor={`${idPrefix}-stockShared`}>
        <input
          id={`${idPrefix}-stockShared`}
          type="checkbox"
          className="checkbox checkbox-primary shrink-0"
          {...register('stockShared')}
        />
        <span>
          Sizes share one stock{' '}
          <span className="text-sm">(each size takes a number of its units: 60 eggs make 5 dozen)</span>
        </span>
      </label>
      {shared ? productQuantity : null}
      <ol className="grid gap-3 sm:col-span-2">
        {rows.fields.map((row, i) => {
          const unit = watch(`options.${i}.unit`) as string | undefined;
          return (
            <li key={row.id}>
              <fieldset className="grid gap-x-4 rounded-box bg-base-200/60 p-3 sm:grid-cols-2 lg:grid-cols-4">
                <legend className="sr-only">Size {i + 1}</legend>
                <div className="flex items-center justify-between gap-2 sm:col-span-2 lg:col-span-4">
                  <p className="font-semibold" aria-hidden="true">
                    Size {i + 1}
                  </p>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-error"
                    onClick={() => rows.remove(i)}
                    disabled={count <= 1}
                  >
                    <Trash2 size={16} aria-hidden="true" /> Remove size {i + 1}
                  </button>
                </div>
                {labelled(
                  i,
                  'label',
                  'Name (Half dozen, 500 g jar)',
                  <input className="input w-full" maxLength={60} {...wired(i, 'label')} />,
                )}
                {labelled(
                  i,
                  'unit',
                  'Sold by',
                  <select className="select w-full" {...wired(i, 'unit', choiceOrUndefined)}>
                    <option value="">The category&apos;s unit</option>
                    {SOLD_BY_ORDER.map((u) => (
                      <option key={u} value={u}>
                        {UNIT_INFO[u].label}
                      </option>
                    ))}
                  </select>,
                )}
                {unit === 'pack' ? (
                  <>
                    {labelled(
                      i,
                      'packLabel',
                      'Pack name (jar, box of 6)',
                      <input className="input w-full" maxLength={40} {...wired(i, 'packLabel')} />,
                    )}
                    <div className="grid grid-cols-2 gap-x-3">
                      {labelled(
                        i,
                        'netQuantity',
                        'Net quantity',
                        <input
                          className="input w-full"
                          type="number"
                          min={0}
                          step="any"
                          inputMode="decimal"
                          {...wired(i, 'netQuantity', numberOrNull)}
                        />,
                      )}
                      {labelled(
                        i,
                        'netUnit',
                        'Net unit',
                        <select className="select w-full" {...wired(i, 'netUnit', choiceOrNull)}>
                          <option value="">Choose</option>
                          {NET_UNITS.map((u) => (
                            <option key={u} value={u}>
                              {UNIT_INFO[u].many}
                            </option>
                          ))}
                        </select>,
                      )}
                    </div>
                  </>
                ) : null}
                {pricing === 'price' ? (
                  <>
                    {labelled(i, 'productPrice', `Price ($${perKg})`, money(i, 'productPrice'))}
                    {labelled(i, 'productionCost', `Cost ($${perKg}, optional)`, money(i, 'productionCost'))}
                  </>
                ) : (
                  <>
                    {labelled(i, 'productionCost', `Cost ($${perKg})`, money(i, 'productionCost'))}
                    <div className="grid grid-cols-[1fr_auto] items-end gap-x-3">
                      {labelled(i, 'profitMargin', 'Margin (%)', money(i, 'profitMargin'))}
                      <p className="pb-3 text-lg font-bold text-primary" aria-live="polite">
                        <span className="sr-only">Price of size {i + 1}: </span>
                        {livePrice(watch(`options.${i}.productionCost`), watch(`options.${i}.profitMargin`))}
                      </p>
                    </div>
                  </>
                )}
                {shared
                  ? labelled(i, 'draws', 'Units it takes', whole(i, 'draws'))
                  : labelled(i, 'stock', 'Stock', whole(i, 'stock'))}
                {byWeight ? labelled(i, 'gramsPerPiece', 'Weight per piece (g)', whole(i, 'gramsPerPiece')) : null}
                {labelled(
                  i,
                  'sku',
                  'SKU (blank: made for you)',
                  <input className="input w-full" maxLength={64} autoComplete="off" {...wired(i, 'sku')} />,
                )}
                {labelled(
                  i,
                  'gtin',
                  'GTIN / barcode (optional)',
                  <input
                    className="input w-full"
                    inputMode="numeric"
                    maxLength={14}
                    autoComplete="off"
                    {...wired(i, 'gtin')}
                  />,
                )}
                {rowError(i, 'soldByWeight') ? (
                  <p className="text-sm text-error sm:col-span-2" role="alert">
                    {rowError(i, 'soldByWeight')}
                  </p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="button" className="btn btn-sm btn-outline" onClick={addSize} disabled={count >= MAX_OPTIONS}>
          <Plus size={16} aria-hidden="true" /> Add a size
        </button>
        <span className="text-sm text-base-content/80">
          {count >= MAX_OPTIONS ? `At most ${MAX_OPTIONS} sizes.` : `${count} of at most ${MAX_OPTIONS} sizes.`}
        </span>
      </div>
      {listError ? (
        <p className="text-sm text-error sm:col-span-2" role="alert">
          {listError}
        </p>
      ) : null}
    </fieldset>
  );
}

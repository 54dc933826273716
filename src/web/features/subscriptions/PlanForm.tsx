import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { type FieldError, get, useFieldArray, useForm } from 'react-hook-form';
import { CATEGORIES } from '#contract/categories.ts';
import { formatMoney } from '#contract/money.ts';
import {
  discountedCents,
  FREQUENCY_NAMES,
  installmentsText,
  listValueCents,
  PRICING_NAMES,
} from '#contract/subscription-words.ts';
import {
  PLAN_FREQUENCIES,
  PLAN_PRICINGS,
  type PlanChoices,
  type PlanInput,
  type PlanValues,
  planInput,
  type SubscriptionPlan,
} from '#contract/subscriptions.ts';
import { FormCard } from '../../ui/FormCard.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { showFieldErrors } from '../../ui/form-outcome.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireControl, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useSavePlan } from './plans.ts';

/** An empty number field (the contract takes '' as left out, and a number typed as text as that number). */
const EMPTY = '';

/** The form's values of a saved plan, or of a new one (a weekly box paid per delivery, served by every time). */
function formValues(plan: SubscriptionPlan | undefined, choices: PlanChoices): PlanInput {
  if (!plan)
    return {
      name: '',
      description: '',
      kind: 'box',
      items: [],
      boxValue: EMPTY,
      boxContents: '',
      frequency: 'weekly',
      startsOn: '',
      endsOn: '',
      billing: 'per_delivery',
      seasonPrice: EMPTY,
      installments: EMPTY,
      discountPercent: EMPTY,
      cap: EMPTY,
      boxCategory: 'vegetable',
      noticeDays: EMPTY,
      windowIds: choices.windows.map((window) => window.id),
    };
  return {
    name: plan.name,
    description: plan.description,
    kind: plan.kind,
    items: plan.items.map((item) => ({ optionId: item.optionId, quantity: item.quantity })),
    boxValue: plan.boxValue ?? EMPTY,
    boxContents: plan.boxContents,
    frequency: plan.frequency,
    startsOn: plan.startsOn ?? '',
    endsOn: plan.endsOn ?? '',
    billing: plan.billing,
    seasonPrice: plan.seasonPrice ?? EMPTY,
    installments: plan.installments ?? EMPTY,
    discountPercent: plan.discountPercent ?? EMPTY,
    cap: plan.cap ?? EMPTY,
    boxCategory: plan.boxCategory ?? 'vegetable',
    noticeDays: plan.noticeDays || EMPTY,
    windowIds: plan.windows.map((window) => window.id),
  };
}

const optionName = (option: PlanChoices['options'][number]) =>
  `${option.productName}${option.optionLabel ? ` (${option.optionLabel})` : ''} · ${formatMoney(Math.round(option.unitPrice * 100))}`;

/**
 * A plan's form, for a new plan or to change `plan`: what a delivery holds (a fixed list of the shop's options, or a box),
 * how often and over which season, how subscribers pay, and the times that serve it. A fixed list shows the
 * per-delivery price it implies as it is filled in.
 */
export function PlanForm({
  shopId,
  choices,
  plan,
  onDone,
}: {
  shopId: string;
  choices: PlanChoices;
  plan?: SubscriptionPlan;
  onDone: () => void;
}) {
  const save = useSavePlan(shopId);
  const form = useForm<PlanInput, unknown, PlanValues>({
    resolver: zodResolver(planInput),
    defaultValues: formValues(plan, choices),
  });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const items = useFieldArray({ control: form.control, name: 'items' });
  const field = wireFields('plan', form);
  const prefix = plan ? `plan-${plan.id}` : 'new-plan';
  const [kind, billing, discount, listed, windowIds, seasonPrice, installments] = watch([
    'kind',
    'billing',
    'discountPercent',
    'items',
    'windowIds',
    'seasonPrice',
    'installments',
  ]);

  // The plan's products no longer on sale: still shown in their rows, so the vendor sees what to take out.
  const gone = (plan?.items ?? []).filter((item) => !choices.options.some((o) => o.optionId === item.optionId));
  const priceOf = new Map(choices.options.map((option) => [option.optionId, Math.round(option.unitPrice * 100)]));
  const valueCents = listValueCents(
    (listed ?? []).map((item) => ({
      unitPriceCents: priceOf.get(item.optionId) ?? 0,
      quantity: Number.isFinite(Number(item.quantity)) ? Number(item.quantity) : 0,
    })),
  );
  const percent = Number.isInteger(Number(discount)) && Number(discount) > 0 ? Number(discount) : null;
  const seasonCents = Math.round(Number(seasonPrice) * 100);
  const payments = Number(installments);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ planId: plan?.id, body: values });
      toast.success(plan ? `${saved.name} is saved` : `${saved.name} is on your shop page`);
      onDone();
    } catch (failure) {
      if (!showFieldErrors(form, failure)) form.setError('root', { message: (failure as Error).message });
    }
  });

  // The list's own message, or the first of its entries' (a time the server refused, `windowIds.1`).
  const errorAt = (path: string): string | undefined =>
    (get(formState.errors, path) as FieldError | undefined)?.message;
  const windowsError =
    errorAt('windowIds') ??
    (windowIds ?? []).map((_, i) => errorAt(`windowIds.${i}`)).find((message) => message !== undefined);
  const itemsError = errorAt('items');
  const toggleWindow = (id: string, on: boolean) =>
    setValue('windowIds', on ? [...(windowIds ?? []), id] : (windowIds ?? []).filter((w) => w !== id), {
      shouldValidate: formState.isSubmitted,
    });

  return (
    <FormCard
      id={`${prefix}-title`}
      title={plan ? `Change ${plan.name}` : 'New plan'}
      onSubmit={onSubmit}
      className="grid gap-x-4 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 sm:p-5"
      titleClassName="text-xl font-bold sm:col-span-2"
    >
      <TextField label="Name" field={field('name')} maxLength={80} autoComplete="off" />
      <TextField label="What is delivered" field={field('kind')} as="select">
        <option value="box">A box the farm fills each time</option>
        <option value="fixed">A fixed list of my products</option>
      </TextField>
      <div className="sm:col-span-2">
        <TextField
          label="Description (optional)"
          field={field('description')}
          as="textarea"
          className="textarea w-full"
          rows={2}
        />
      </div>

      {kind === 'box' ? (
        <>
          <TextField label="What one box is worth ($)" field={field('boxValue')} type="number" min="0" step="0.01" />
          <TextField
            label="What the box holds, for its tax"
            field={field('boxCategory')}
            as="select"
            hint="The box is taxed at this category's rate"
          >
            {CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </TextField>
          <div className="sm:col-span-2">
            <TextField
              label="What usually goes in it (one thing a line)"
              field={field('boxContents')}
              as="textarea"
              className="textarea w-full"
              rows={4}
            />
          </div>
        </>
      ) : (
        <fieldset className="fieldset sm:col-span-2">
          <legend className="fieldset-legend">Products in each delivery</legend>
          {choices.options.length === 0 ? (
            <p>You have no products on sale that a plan can hold (products sold by weight cannot be in a list yet).</p>
          ) : null}
          <ul className="grid gap-2">
            {items.fields.map((item, index) => {
              const option = wireControl(
                `${prefix}-items-${index}-option`,
                get(formState.errors, `items.${index}.optionId`),
                register(`items.${index}.optionId`),
              );
              const quantity = wireControl(
                `${prefix}-items-${index}-quantity`,
                get(formState.errors, `items.${index}.quantity`),
                register(`items.${index}.quantity`, { valueAsNumber: true }),
              );
              return (
                <li key={item.id} className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[1fr_5rem_auto]">
                  <div className="col-span-2 sm:col-span-1">
                    <label className="sr-only" htmlFor={option.control.id}>
                      Product {index + 1}
                    </label>
                    <select className="select w-full" {...option.control}>
                      <option value="">Choose a product</option>
                      {choices.options.map((choice) => (
                        <option key={choice.optionId} value={choice.optionId}>
                          {optionName(choice)}
                        </option>
                      ))}
                      {gone.map((item) => (
                        <option key={item.optionId} value={item.optionId} disabled>
                          {item.productName}
                          {item.optionLabel ? ` (${item.optionLabel})` : ''} · not on sale now
                        </option>
                      ))}
                    </select>
                    {option.error ? (
                      <p className="text-sm text-error" id={`${option.control.id}-error`} role="alert">
                        {option.error}
                      </p>
                    ) : null}
                  </div>
                  <div>
                    <label className="sr-only" htmlFor={quantity.control.id}>
                      How many of product {index + 1}
                    </label>
                    <input className="input w-full" type="number" min="1" max="99" step="1" {...quantity.control} />
                    {quantity.error ? (
                      <p className="text-sm text-error" id={`${quantity.control.id}-error`} role="alert">
                        {quantity.error}
                      </p>
                    ) : null}
                  </div>
                  <IconButton
                    icon={Trash2}
                    label={`Take product ${index + 1} out`}
                    className="text-error"
                    onClick={() => items.remove(index)}
                  />
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="btn btn-outline btn-sm mt-2 w-fit"
            onClick={() => items.append({ optionId: '', quantity: 1 })}
            disabled={choices.options.length === 0}
          >
            <Plus size={16} aria-hidden="true" /> Add a product
          </button>
          {itemsError ? (
            <p className="text-sm text-error" role="alert">
              {itemsError}
            </p>
          ) : null}
          <p className="mt-2 text-base font-semibold" aria-live="polite">
            This list is worth {formatMoney(valueCents)} a delivery
            {percent
              ? `; with the ${percent}% subscriber discount, ${formatMoney(discountedCents(valueCents, percent))}`
              : ''}
            .
          </p>
        </fieldset>
      )}

      <TextField label="How often" field={field('frequency')} as="select">
        {PLAN_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {FREQUENCY_NAMES[frequency]}
          </option>
        ))}
      </TextField>
      <TextField
        label="Subscriber discount (%, optional)"
        field={field('discountPercent')}
        type="number"
        min="1"
        max="90"
        step="1"
      />
      <TextField label="Season starts (optional)" field={field('startsOn')} type="date" />
      <TextField label="Season ends (empty: open-ended)" field={field('endsOn')} type="date" />
      <TextField label="How subscribers pay" field={field('billing')} as="select">
        {PLAN_PRICINGS.map((choice) => (
          <option key={choice} value={choice}>
            {PRICING_NAMES[choice]}
          </option>
        ))}
      </TextField>
      {billing === 'per_delivery' ? null : (
        <TextField label="Season price ($)" field={field('seasonPrice')} type="number" min="0" step="0.01" />
      )}
      {billing === 'installments' ? (
        <TextField
          label="Number of payments"
          field={field('installments')}
          type="number"
          min="2"
          max="12"
          step="1"
          hint={
            seasonCents > 0 && Number.isInteger(payments) && payments >= 2 && payments <= 12
              ? installmentsText(seasonCents, payments)
              : undefined
          }
        />
      ) : null}
      <TextField
        label="Most subscribers (optional)"
        field={field('cap')}
        type="number"
        min="1"
        step="1"
        hint="Empty: no limit"
      />
      <TextField
        label="Notice on cancelling (days, optional)"
        field={field('noticeDays')}
        type="number"
        min="0"
        max="60"
        step="1"
        hint="Deliveries within this many days of a cancel still come and are charged. Empty: none"
      />

      <fieldset
        className="fieldset sm:col-span-2"
        aria-describedby={windowsError ? `${prefix}-windows-error` : undefined}
      >
        <legend className="fieldset-legend">Pickup or delivery times that serve it</legend>
        {choices.windows.length === 0 ? (
          <p>Add a pickup or delivery time on the Pickup & delivery page first.</p>
        ) : (
          choices.windows.map((window) => (
            <label key={window.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox"
                checked={(windowIds ?? []).includes(window.id)}
                onChange={(event) => toggleWindow(window.id, event.target.checked)}
              />
              {window.label}
            </label>
          ))
        )}
        {windowsError ? (
          <p className="text-sm text-error" id={`${prefix}-windows-error`} role="alert">
            {windowsError}
          </p>
        ) : null}
      </fieldset>

      <div className="mt-4 flex flex-wrap gap-2 sm:col-span-2">
        <FormError message={formState.errors.root?.message ?? null} />
        <SubmitButton busy={save.isPending}>{plan ? 'Save the plan' : 'Create the plan'}</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </FormCard>
  );
}

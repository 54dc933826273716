import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type MembershipPlan,
  type MembershipPlanFormValues,
  type MembershipPlanInput,
  membershipPlanInput,
  PLAN_BILLING_LABELS,
  PLAN_BILLINGS,
  planKey,
  planLimitText,
  planPriceText,
} from '#contract/membership-plans.ts';
import { errorMessage } from '../../api/client.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { FormCard } from '../../ui/FormCard.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { showFieldErrors } from '../../ui/form-outcome.ts';
import { Loaded } from '../../ui/Loaded.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireControl, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useMembershipPlans, useSaveMembershipPlan } from './get-membership-plans.ts';

/** The form's first values: the plan as it is, or a new monthly plan. */
const valuesOf = (plan: MembershipPlan | null, position: number): MembershipPlanFormValues =>
  plan
    ? {
        name: plan.name,
        unlimited: plan.productLimit === null,
        productLimit: plan.productLimit ?? undefined,
        price: plan.price,
        billing: plan.billing,
        commissionPercent: plan.commissionPercent,
        goldBadge: plan.goldBadge,
        position: plan.position,
        active: plan.active,
      }
    : {
        name: '',
        unlimited: false,
        productLimit: 20,
        price: 20,
        billing: 'monthly',
        commissionPercent: 10,
        goldBadge: false,
        position,
        active: true,
      };

function Check({ id, label, registration }: { id: string; label: string; registration: object }) {
  return (
    <label className="label my-2 cursor-pointer gap-3 whitespace-normal text-base-content" htmlFor={id}>
      <input type="checkbox" className="checkbox" id={id} {...registration} />
      {label}
    </label>
  );
}

/** Edits one plan (or adds one, `plan` null): what it says applies from the moment it is saved. */
function PlanForm({ plan, position, onDone }: { plan: MembershipPlan | null; position: number; onDone: () => void }) {
  const save = useSaveMembershipPlan();
  const [key, setKey] = useState('');
  const [keyError, setKeyError] = useState<string | undefined>();
  const form = useForm<MembershipPlanFormValues, unknown, MembershipPlanInput>({
    resolver: zodResolver(membershipPlanInput),
    defaultValues: valuesOf(plan, position),
  });
  const field = wireFields('plan', form);
  const unlimited = form.watch('unlimited');
  const onSubmit = form.handleSubmit(async (values) => {
    const chosen = plan?.key ?? key.trim();
    const keyCheck = planKey.safeParse(chosen);
    if (!keyCheck.success) {
      setKeyError(keyCheck.error.issues[0]?.message);
      return;
    }
    setKeyError(undefined);
    try {
      await save.mutateAsync({ key: chosen, body: values });
      toast.success(`${values.name} is saved: it applies from now on`);
      onDone();
    } catch (failure) {
      if (!showFieldErrors(form, failure)) toast.error(errorMessage(failure));
    }
  });
  const keyField = wireControl('plan-key', keyError ? { type: 'key', message: keyError } : undefined);
  return (
    <FormCard
      id="plan-form"
      title={plan ? `Edit the ${plan.name} membership` : 'Add a membership'}
      onSubmit={onSubmit}
      className="mt-6 grid gap-x-4 rounded-box border border-base-300 bg-base-100 p-5 sm:grid-cols-2 lg:grid-cols-3"
      titleClassName="text-xl font-bold sm:col-span-2 lg:col-span-3"
    >
      {plan ? null : (
        <FormField
          label="Key (in links; cannot change)"
          htmlFor="plan-key"
          error={keyField.error}
          hint="Lower-case letters, digits and dashes, e.g. market-stall"
        >
          <input
            className="input w-full"
            {...keyField.control}
            value={key}
            onChange={(event) => setKey(event.target.value)}
          />
        </FormField>
      )}
      <TextField label="Name" field={field('name')} maxLength={60} />
      <TextField
        label="Products it allows"
        field={field('productLimit')}
        type="number"
        min="1"
        step="1"
        disabled={unlimited}
      />
      <Check id="plan-unlimited" label="Unlimited products" registration={form.register('unlimited')} />
      <TextField label="Price ($)" field={field('price')} type="number" min="0" step="0.01" />
      <TextField label="Billing" field={field('billing')} as="select">
        {PLAN_BILLINGS.map((billing) => (
          <option key={billing} value={billing}>
            {PLAN_BILLING_LABELS[billing]}
          </option>
        ))}
      </TextField>
      <TextField label="Commission (%)" field={field('commissionPercent')} type="number" min="0" max="50" step="0.01" />
      <TextField label="Place in the list" field={field('position')} type="number" min="0" step="1" />
      <Check id="plan-goldBadge" label="Gold badge" registration={form.register('goldBadge')} />
      <Check id="plan-active" label="Offered to vendors" registration={form.register('active')} />
      <div className="mt-4 flex gap-2 sm:col-span-2 lg:col-span-3">
        <SubmitButton busy={save.isPending}>Save membership</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </FormCard>
  );
}

/** The admin's memberships: the plans vendors may buy, each editable; a change applies from then on. */
export function MembershipsPage() {
  const plans = useMembershipPlans();
  const [editing, setEditing] = useState<MembershipPlan | 'new' | null>(null);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold">Memberships</h1>
      <p className="mt-2">
        A change applies from the moment it is saved: payments already made keep their price, orders already placed
        their commission, and a shop over a lowered limit keeps its products but adds no more. Every shop starts on the
        normal membership, and a monthly one that is not paid again falls back to it.
      </p>
      <Loaded query={plans} loading="Loading the memberships">
        {({ plans: list }) => (
          <>
            <DataTable
              label="Membership plans"
              cards
              rows={list.map((plan) => ({ ...plan, _id: plan.key }))}
              columns={[
                { header: 'Name', rowHeader: true, cell: (plan) => plan.name },
                { header: 'Products', cell: (plan) => planLimitText(plan) },
                { header: 'Price', cell: (plan) => planPriceText(plan) },
                { header: 'Commission', cell: (plan) => `${plan.commissionPercent}%` },
                { header: 'Gold badge', cell: (plan) => (plan.goldBadge ? 'Yes' : 'No') },
                { header: 'Offered', cell: (plan) => (plan.active ? 'Yes' : 'No') },
                {
                  header: 'Edit',
                  cell: (plan) => (
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-label={`Edit ${plan.name}`}
                      onClick={() => setEditing(plan)}
                    >
                      Edit
                    </button>
                  ),
                },
              ]}
            />
            {editing === null ? (
              <button type="button" className="btn btn-primary mt-4" onClick={() => setEditing('new')}>
                Add a membership
              </button>
            ) : (
              <PlanForm
                key={editing === 'new' ? 'new' : editing.key}
                plan={editing === 'new' ? null : editing}
                position={list.length}
                onDone={() => setEditing(null)}
              />
            )}
          </>
        )}
      </Loaded>
    </div>
  );
}

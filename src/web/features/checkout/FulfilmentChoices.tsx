import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin, Store, Truck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CheckoutPlan,
  type DeliveryAddressInput,
  deliveryAddressInput,
  type ShopPlan,
} from '#contract/checkout-plan.ts';
import { formatDollars } from '#contract/money.ts';
import { ORDER_NOTE_MAX } from '#contract/payments.ts';
import type { FulfilmentKind, Slot } from '#contract/slots.ts';
import { errorMessage } from '../../api/client.ts';
import { FormCard } from '../../ui/FormCard.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { showFieldErrors } from '../../ui/form-outcome.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import type { SummaryRow } from '../../ui/SummaryPanel.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { useChooseSlot, useSetDeliveryAddress, useShopSlots } from './checkout-plan.ts';
import { type Handover, HandoverList } from './FulfilmentLine.tsx';
import { slotLabel, windowLabel } from './slot-time.ts';

const KIND_LABEL: Record<FulfilmentKind, string> = { pickup: 'Pickup', delivery: 'Delivery' };

/** The kinds a shop offers, pickup first. */
const kindsOf = (shop: ShopPlan): FulfilmentKind[] => [
  ...(shop.offers.pickup ? (['pickup'] as const) : []),
  ...(shop.offers.delivery ? (['delivery'] as const) : []),
];

/** "Free over $40.00", "$5.00 · free over $40.00" or "$5.00": a shop's delivery terms in a few words. */
export function deliveryTerms(delivery: NonNullable<ShopPlan['offers']['delivery']>): string {
  const fee = delivery.fee === 0 ? 'Free' : formatDollars(delivery.fee);
  const over =
    delivery.freeOver === null || delivery.fee === 0 ? '' : ` · free over ${formatDollars(delivery.freeOver)}`;
  const minimum = delivery.minimumOrder > 0 ? ` · minimum order ${formatDollars(delivery.minimumOrder)}` : '';
  return `${fee}${over}${minimum}`;
}

/**
 * How the shopper gets each shop's part of the cart: pickup or delivery, a time, a note to the producer; and, when a
 * shop is to deliver, one address for the cart. Every choice is saved on the server as it is made.
 */
export function FulfilmentChoices({ plan }: { plan: CheckoutPlan }) {
  const [kinds, setKinds] = useState<Record<string, FulfilmentKind>>({});
  const kindOf = (shop: ShopPlan): FulfilmentKind => kinds[shop.shopId] ?? shop.choice?.slot.kind ?? kindsOf(shop)[0];
  const delivering = plan.shops.some((shop) => kindOf(shop) === 'delivery');

  return (
    <section aria-labelledby="fulfilment-title" className="mt-6 space-y-4">
      <h2 id="fulfilment-title" className="text-2xl font-bold">
        Pickup or delivery
      </h2>
      {plan.shops.map((shop) =>
        kindsOf(shop).length === 0 ? (
          <p key={shop.shopId} className="rounded-box border border-base-300 bg-base-100 p-4">
            <span className="font-semibold">{shop.shopName}</span> has no pickup or delivery times to choose: it
            arranges handing over your order with you.
          </p>
        ) : (
          <ShopChoice
            key={shop.shopId}
            shop={shop}
            kind={kindOf(shop)}
            onKind={(kind) => setKinds((all) => ({ ...all, [shop.shopId]: kind }))}
            address={plan.deliveryAddress}
            weighed={shop.weighed ? (plan.weighedGoods ?? null) : null}
          />
        ),
      )}
      {delivering || plan.deliveryAddress ? <DeliveryAddressForm plan={plan} /> : null}
    </section>
  );
}

type AddressValues = DeliveryAddressInput;

function DeliveryAddressForm({ plan }: { plan: CheckoutPlan }) {
  const save = useSetDeliveryAddress();
  const form = useForm<AddressValues, unknown, z.output<typeof deliveryAddressInput>>({
    resolver: zodResolver(deliveryAddressInput),
    defaultValues: plan.deliveryAddress ?? { address: '', postcode: '' },
  });
  const field = wireFields('delivery', form);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      const saved = await save.mutateAsync(input);
      form.reset(saved.deliveryAddress ?? input);
    } catch (failure) {
      if (!showFieldErrors(form, failure)) setError(errorMessage(failure));
    }
  });

  return (
    <FormCard
      id="delivery-address-title"
      title={
        <>
          <MapPin className="size-5" aria-hidden="true" /> Delivery address
        </>
      }
      heading="h3"
      onSubmit={onSubmit}
      className="rounded-box border border-base-300 bg-base-100 p-4"
      titleClassName="flex items-center gap-2 text-lg font-bold"
    >
      <p className="text-sm">Every shop that delivers brings its part here.</p>
      <div className="grid gap-x-4 sm:grid-cols-[1fr_10rem]">
        <TextField label="Street address" field={field('address')} autoComplete="street-address" />
        <TextField
          label="Postcode"
          field={field('postcode')}
          autoComplete="postal-code"
          className="input w-full uppercase"
        />
      </div>
      {error ? (
        <p className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <SubmitButton busy={save.isPending} className="btn-sm">
          Save address
        </SubmitButton>
        {plan.deliveryAddress && !form.formState.isDirty ? (
          <p className="text-sm" role="status">
            Delivering to {plan.deliveryAddress.address}, {plan.deliveryAddress.postcode}
          </p>
        ) : null}
      </div>
    </FormCard>
  );
}

/** One shop's part: pickup or delivery (only what it offers), a time, where, and a note to the producer. */
function ShopChoice({
  shop,
  kind,
  onKind,
  address,
  weighed,
}: {
  shop: ShopPlan;
  kind: FulfilmentKind;
  onKind: (kind: FulfilmentKind) => void;
  address: CheckoutPlan['deliveryAddress'];
  /** Weighed goods in the cart: slots after `latestStart` cannot be booked, for the reason `message`. */
  weighed: CheckoutPlan['weighedGoods'];
}) {
  const choose = useChooseSlot(shop.shopId);
  const slots = useShopSlots(shop.shopId);
  const [note, setNote] = useState(shop.choice?.note ?? '');
  const offered = kindsOf(shop);
  const chosen = shop.choice?.slot.kind === kind ? shop.choice.slot : null;
  const id = `shop-${shop.shopId}`;
  const Icon = kind === 'pickup' ? Store : Truck;

  const saveNote = () => {
    if (shop.choice && note.trim() !== (shop.choice.note ?? ''))
      choose.mutate({ slotId: shop.choice.slot.id, note: note.trim() || null });
  };

  return (
    <article aria-labelledby={`${id}-title`} className="rounded-box border border-base-300 bg-base-100 p-4">
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        <span className="min-w-0">{shop.shopName}</span>
      </h3>
      {offered.length > 1 ? (
        <fieldset className="mt-2">
          <legend className="sr-only">How you get {shop.shopName}’s part</legend>
          <div className="join">
            {offered.map((option) => (
              // daisyUI shows a radio with `btn` as a button reading its aria-label, checked in the primary colour.
              <input
                key={option}
                type="radio"
                className="join-item btn btn-sm"
                name={`${id}-kind`}
                value={option}
                aria-label={KIND_LABEL[option]}
                checked={kind === option}
                onChange={() => onKind(option)}
              />
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="mt-1 text-sm">{KIND_LABEL[offered[0]]} only</p>
      )}
      {kind === 'delivery' && shop.offers.delivery ? (
        <p className="mt-2 text-sm">Delivery {deliveryTerms(shop.offers.delivery)}</p>
      ) : null}

      <SlotSelect
        id={`${id}-slot`}
        label={`${KIND_LABEL[kind]} time`}
        slots={(slots.data?.slots ?? []).filter((slot) => slot.kind === kind)}
        chosen={chosen}
        latestStart={weighed?.latestStart ?? null}
        timeZone={shop.timeZone}
        loading={slots.isPending}
        loadError={slots.isError ? errorMessage(slots.error) : null}
        error={choose.isError ? errorMessage(choose.error) : null}
        choosing={choose.isPending ? choose.variables.slotId : null}
        onChoose={(slotId) => choose.mutate({ slotId, note: note.trim() || null })}
      />
      {weighed ? <p className="mt-1 text-sm">{weighed.message}</p> : null}
      {chosen?.pickupPoint ? (
        <p className="mt-1 text-sm">
          Collect at <span className="font-semibold">{chosen.pickupPoint.name}</span>, {chosen.pickupPoint.address}
        </p>
      ) : null}
      {chosen && kind === 'delivery' && address && !shop.problem ? (
        <p className="mt-1 text-sm">
          Delivered to {address.address}, {address.postcode}
        </p>
      ) : null}
      {shop.problem ? (
        <p
          className={`mt-1 text-sm font-semibold ${shop.problem.code === 'SLOT_REQUIRED' ? '' : 'text-error'}`}
          role={shop.problem.code === 'SLOT_REQUIRED' ? undefined : 'alert'}
        >
          {shop.problem.message}
        </p>
      ) : null}

      <FormField label={`Note to ${shop.shopName} (optional)`} htmlFor={`${id}-note`}>
        <textarea
          id={`${id}-note`}
          className="textarea h-16 w-full"
          maxLength={ORDER_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          onBlur={saveNote}
          aria-describedby={`${id}-note-hint`}
        />
      </FormField>
      <p id={`${id}-note-hint`} className="text-xs">
        {shop.choice && note.trim() === (shop.choice.note ?? '') && note.trim() !== ''
          ? 'Note saved.'
          : 'Saved with your time; for example: "ring the bell" or "no plastic bags".'}
      </p>
    </article>
  );
}

/** The open slots can be chosen; full, closed and cancelled ones are listed, greyed out. Pickup slots by place. */
function SlotSelect({
  id,
  label,
  slots,
  chosen,
  latestStart,
  timeZone,
  loading,
  loadError,
  error,
  choosing,
  onChoose,
}: {
  id: string;
  label: string;
  slots: Slot[];
  chosen: Slot | null;
  /** Weighed goods: slots starting later are greyed out. */
  latestStart: string | null;
  timeZone: string;
  loading: boolean;
  loadError: string | null;
  error: string | null;
  /** The slot being saved: shown chosen at once. */
  choosing: string | null;
  onChoose: (slotId: string) => void;
}) {
  // The chosen slot stays listed even once the list no longer has it (closed since), so the select shows it.
  const listed = chosen && !slots.some((slot) => slot.id === chosen.id) ? [chosen, ...slots] : slots;
  const places = [...new Set(listed.map((slot) => slot.pickupPoint?.name ?? ''))];
  const tooFar = (slot: Slot) => latestStart !== null && Date.parse(slot.start) > Date.parse(latestStart);
  const option = (slot: Slot) => (
    <option key={slot.id} value={slot.id} disabled={(slot.status !== 'open' || tooFar(slot)) && slot.id !== chosen?.id}>
      {tooFar(slot)
        ? `${windowLabel(slot.start, slot.end, timeZone)} · too far ahead for weighed goods`
        : slotLabel(slot, timeZone)}
    </option>
  );
  const message = error ?? loadError;
  return (
    <FormField label={label} htmlFor={id} error={message ?? undefined}>
      <select
        id={id}
        className="select w-full"
        value={choosing ?? chosen?.id ?? ''}
        disabled={loading}
        aria-busy={choosing ? true : undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => {
          if (event.target.value) onChoose(event.target.value);
        }}
      >
        <option value="" disabled>
          {loading ? 'Loading times…' : listed.length === 0 ? 'No times in the coming days' : 'Choose a time'}
        </option>
        {places.length > 1
          ? places.map((place) => (
              <optgroup key={place} label={place}>
                {listed.filter((slot) => (slot.pickupPoint?.name ?? '') === place).map(option)}
              </optgroup>
            ))
          : listed.map(option)}
      </select>
    </FormField>
  );
}

/** Why the plan cannot be paid yet: the server's sentence for each shop (each names its shop). */
export function planMissing(plan: CheckoutPlan): string[] {
  return plan.shops.flatMap((shop) => (shop.problem ? [shop.problem.message] : []));
}

/** The summary's lines per shop: the delivery fee, or "Free" (with the amount delivery is free over), or pickup. */
export function deliveryRows(plan: CheckoutPlan): SummaryRow[] {
  return plan.shops.map((shop) => {
    const kind = shop.choice?.slot.kind;
    const terms = shop.offers.delivery;
    const row = { className: 'gap-3', valueClassName: 'font-semibold whitespace-nowrap' };
    if (kind === 'pickup') return { ...row, term: `Pickup · ${shop.shopName}`, value: 'Free' };
    const term = `Delivery · ${shop.shopName}`;
    if (kindsOf(shop).length === 0) return { ...row, term, value: 'Free', hint: 'Arranged by the shop' };
    if (!kind) return { ...row, term, value: 'Not chosen', valueClassName: 'text-sm whitespace-nowrap' };
    const hint = terms?.freeOver != null && terms.fee > 0 ? `Free over ${formatDollars(terms.freeOver)}` : undefined;
    return { ...row, term, hint, value: shop.deliveryFee > 0 ? formatDollars(shop.deliveryFee) : 'Free' };
  });
}

/** The shops' chosen times as handovers (a shop with none yet is left out). */
export function planHandovers(plan: CheckoutPlan): Handover[] {
  return plan.shops.flatMap(({ shopId, shopName, timeZone, choice }) =>
    choice
      ? [
          {
            shopId,
            shopName,
            timeZone,
            kind: choice.slot.kind,
            start: choice.slot.start,
            end: choice.slot.end,
            pickupPoint: choice.slot.pickupPoint,
            deliveryAddress: choice.slot.kind === 'delivery' ? plan.deliveryAddress : null,
            note: choice.note,
          },
        ]
      : [],
  );
}

/** The payment page's reminder of how each shop's part is handed over. */
export function PlanSummary({ plan }: { plan: CheckoutPlan }) {
  const handovers = planHandovers(plan);
  if (handovers.length === 0) return null;
  return (
    <div className="mt-3 border-t border-base-300 pt-3">
      <h3 className="text-sm font-bold">Pickup and delivery</h3>
      <div className="mt-1">
        <HandoverList handovers={handovers} label="Pickup and delivery" />
      </div>
    </div>
  );
}

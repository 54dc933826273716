import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { type RegisterOptions, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type DistanceUnit, kmToTyped, typedKmToSave } from '#contract/distance-format.ts';
import { type FulfilmentSettings, fulfilmentSettingsInput } from '#contract/slots.ts';
import { timeZoneOfState } from '#contract/us-time-zones.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useDistanceUnit } from '../../ui/distance-unit.ts';
import { Loaded } from '../../ui/Loaded.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { Holidays, Part } from './fulfilment-holidays.tsx';
import { TimeZoneSelect, ZipField } from './fulfilment-place.tsx';
import { type Form, NEW_WINDOW, number, type Values, Windows, wiring } from './fulfilment-windows.tsx';
import { useFulfilment, useSaveFulfilment } from './get-fulfilment.ts';

const NEW_DELIVERY = { postcodes: [], radiusKm: null, fee: 5, freeOver: null, minimumOrder: 0, windows: [NEW_WINDOW] };

/** The delivery terms in dollars. */
const AMOUNTS = [
  ['delivery.fee', 'Delivery fee ($)'],
  ['delivery.freeOver', 'Free delivery over ($)'],
  ['delivery.minimumOrder', 'Minimum order ($)'],
] as const;

/** `PST`: the zone's abbreviation now, or nothing for a name the browser does not know. */
function abbreviation(timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

const postcodes: RegisterOptions<Values> = {
  setValueAs: (v) =>
    Array.isArray(v)
      ? v
      : String(v)
          .split(/[,\n]/)
          .map((p) => p.trim())
          .filter(Boolean),
};

/**
 * The form's values as the settings read back (ids kept, so windows keep their bookings). A shop not placed yet
 * starts in its address's state's zone. The form's `delivery.radiusKm` holds the radius in the marketplace's unit.
 */
const valuesOf = (s: FulfilmentSettings, unit: DistanceUnit): Values => ({
  timeZone: (s.location === null && timeZoneOfState(s.state)) || s.timeZone,
  cutoffHours: s.cutoffHours,
  horizonDays: s.horizonDays,
  postcode: s.postcode ?? '',
  location: s.location,
  pickupPoints: s.pickupPoints,
  delivery: s.delivery && {
    ...s.delivery,
    radiusKm: s.delivery.radiusKm === null ? null : kmToTyped(s.delivery.radiusKm, unit),
  },
});

/** The schema's radius messages (in km) as the vendor typed it. */
const RADIUS_IN_MILES: Record<string, string> = {
  'Enter a distance in km': 'Enter a distance in miles',
  'The radius is more than 0 km': 'The radius is more than 0 mi',
  'At most 500 km': 'At most 310 mi',
};

/**
 * The shop is placed by its ZIP code; a shop placed by coordinates keeps them until a ZIP code is entered. The
 * radius typed in the unit is sent in km (the saved km when it was left as it was).
 */
const resolverFor =
  (
    unit: DistanceUnit,
    savedKm: () => number | null,
  ): Resolver<Values, unknown, z.output<typeof fulfilmentSettingsInput>> =>
  async (values, context, options) => {
    const postcode = values.postcode?.trim() || null;
    const delivery = values.delivery && {
      ...values.delivery,
      radiusKm: typedKmToSave(values.delivery.radiusKm ?? null, unit, savedKm()),
    };
    const placed = { ...values, postcode, location: postcode ? null : (values.location ?? null), delivery };
    const result = await zodResolver(fulfilmentSettingsInput)(placed, context, options);
    const radius = (result.errors as { delivery?: { radiusKm?: { message?: string } } }).delivery?.radiusKm;
    if (unit === 'mi' && radius?.message) radius.message = RADIUS_IN_MILES[radius.message] ?? radius.message;
    return result;
  };

export function FulfilmentPage() {
  const { user } = useAuth();
  const shopId = user?.id ?? '';
  const settings = useFulfilment(shopId);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Pickup &amp; delivery</h1>
      <Loaded query={settings} loading="Loading your pickup and delivery settings">
        {(data) => (
          <>
            <SettingsForm shopId={shopId} settings={data} />
            <Holidays shopId={shopId} settings={data} />
          </>
        )}
      </Loaded>
    </div>
  );
}

function SettingsForm({ shopId, settings }: { shopId: string; settings: FulfilmentSettings }) {
  const save = useSaveFulfilment(shopId);
  const unit = useDistanceUnit();
  const savedKm = useRef(settings.delivery?.radiusKm ?? null);
  const form: Form = useForm({
    resolver: resolverFor(unit, () => savedKm.current),
    defaultValues: valuesOf(settings, unit),
  });
  const points = useFieldArray({ control: form.control, name: 'pickupPoints' });
  const delivery = form.watch('delivery');
  const pointNames = form.watch('pickupPoints')?.map((p) => p.name.trim());
  const timeZone = form.watch('timeZone');
  const zone = abbreviation(timeZone);
  const field = wiring(form);

  /** A ZIP code the vendor typed suggests its state's zone, unless they chose a zone themselves. */
  const chosenZone = useRef(false);
  const onState = (state: string) => {
    const suggested = timeZoneOfState(state);
    if (suggested && !chosenZone.current) form.setValue('timeZone', suggested);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      savedKm.current = saved.delivery?.radiusKm ?? null;
      form.reset(valuesOf(saved, unit));
      toast.success('Your pickup and delivery settings are saved');
    } catch (error) {
      for (const [name, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {}))
        form.setError(name as Parameters<Form['setError']>[0], { message });
      toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <fieldset className="fieldset grid gap-x-6 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Where and when</legend>
        <ZipField field={field('postcode')} value={form.watch('postcode') ?? ''} onState={onState} />
        <TimeZoneSelect
          field={field('timeZone', { onChange: () => (chosenZone.current = true) })}
          value={timeZone}
          hint={`Every time on this page is in it${zone ? ` (now ${zone})` : ''}`}
        />
        <TextField label="Ordering closes (hours before a time)" type="number" field={field('cutoffHours', number)} />
        <TextField label="Ordering opens (days ahead)" type="number" field={field('horizonDays', number)} />
      </fieldset>

      <Part id="pickup-heading" title="Pickup points">
        {points.fields.map((point, index) => {
          const name = pointNames?.[index] || null;
          return (
            <fieldset key={point.id} className="fieldset rounded-box border border-base-300 p-4">
              <legend className="fieldset-legend text-lg">{name ? `Pickup at ${name}` : 'A new pickup point'}</legend>
              <div className="grid gap-x-6 sm:grid-cols-2">
                <TextField
                  label="Name shoppers see"
                  hint="Such as Hood River Farmers Market"
                  field={field(`pickupPoints.${index}.name`)}
                />
                <TextField label="Address" field={field(`pickupPoints.${index}.address`)} />
              </div>
              <Windows form={form} name={`pickupPoints.${index}.windows`} place={name ?? 'this pickup point'} />
              <button
                type="button"
                className="btn btn-ghost btn-sm w-fit"
                aria-label={`Remove the pickup point ${name ?? 'without a name'}`}
                onClick={() => points.remove(index)}
              >
                Remove the pickup point
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => points.append({ name: '', address: '', windows: [NEW_WINDOW] })}
        >
          Add a pickup point
        </button>
      </Part>

      <Part id="delivery-heading" title="Delivery">
        <label className="label gap-2 text-base-content">
          <input
            type="checkbox"
            className="checkbox"
            checked={delivery != null}
            onChange={(event) => form.setValue('delivery', event.target.checked ? NEW_DELIVERY : null)}
          />
          We deliver
        </label>
        {delivery != null ? (
          <fieldset className="fieldset rounded-box border border-base-300 p-4">
            <legend className="fieldset-legend text-lg">Delivery area and terms</legend>
            <div className="grid gap-x-6 sm:grid-cols-2">
              <TextField
                label="ZIP codes delivered to"
                hint="Separate them with commas"
                field={field('delivery.postcodes', postcodes)}
              />
              <TextField
                label={`Or within (${unit === 'mi' ? 'miles' : 'km'} of the shop)`}
                type="number"
                step="any"
                field={field('delivery.radiusKm', number)}
              />
              {AMOUNTS.map(([name, label]) => (
                <TextField key={name} label={label} type="number" step="0.01" field={field(name, number)} />
              ))}
            </div>
            <Windows form={form} name="delivery.windows" place={null} />
          </fieldset>
        ) : null}
      </Part>

      <SubmitButton busy={save.isPending}>Save pickup &amp; delivery</SubmitButton>
    </form>
  );
}

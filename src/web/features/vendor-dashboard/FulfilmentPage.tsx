import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldError,
  get,
  type Path,
  type RegisterOptions,
  type Resolver,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import {
  type FulfilmentSettings,
  type FulfilmentSettingsInput,
  fulfilmentSettingsInput,
  WEEKDAYS,
  type WindowInput,
} from '#contract/slots.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireControl } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useFulfilment, useSaveFulfilment } from './get-fulfilment.ts';

type Values = FulfilmentSettingsInput;
type Form = ReturnType<typeof useForm<Values, unknown, z.output<typeof fulfilmentSettingsInput>>>;

const NEW_WINDOW: WindowInput = { weekday: 'saturday', start: '09:00', end: '12:00', endsNextDay: false, capacity: 10 };
const NEW_DELIVERY = { postcodes: [], radiusKm: null, fee: 5, freeOver: null, minimumOrder: 0, windows: [NEW_WINDOW] };

/** An empty number box is no number; the schema says whether one is needed. */
const number: RegisterOptions<Values> = { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) };
const postcodes: RegisterOptions<Values> = {
  setValueAs: (v) =>
    Array.isArray(v)
      ? v
      : String(v)
          .split(/[,\n]/)
          .map((p) => p.trim())
          .filter(Boolean),
};

/** The form's values as the settings read back (ids kept, so windows keep their bookings). */
const valuesOf = (s: FulfilmentSettings): Values => ({
  timeZone: s.timeZone,
  cutoffHours: s.cutoffHours,
  horizonDays: s.horizonDays,
  location: s.location,
  pickupPoints: s.pickupPoints,
  delivery: s.delivery,
});

/** No latitude and no longitude is no location. */
const resolver: Resolver<Values, unknown, z.output<typeof fulfilmentSettingsInput>> = (values, context, options) => {
  const location = values.location;
  const none = location && location.latitude == null && location.longitude == null;
  return zodResolver(fulfilmentSettingsInput)({ ...values, location: none ? null : location }, context, options);
};

export function FulfilmentPage() {
  const { user } = useAuth();
  const shopId = user?.id ?? '';
  const settings = useFulfilment(shopId);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Pickup &amp; delivery</h1>
      <Loaded query={settings} loading="Loading your pickup and delivery settings">
        {(data) => <SettingsForm shopId={shopId} settings={data} />}
      </Loaded>
    </div>
  );
}

function SettingsForm({ shopId, settings }: { shopId: string; settings: FulfilmentSettings }) {
  const save = useSaveFulfilment(shopId);
  const form: Form = useForm({ resolver, defaultValues: valuesOf(settings) });
  const points = useFieldArray({ control: form.control, name: 'pickupPoints' });
  const delivery = form.watch('delivery');
  const field = wiring(form);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      form.reset(valuesOf(saved));
      toast.success('Your pickup and delivery settings are saved');
    } catch (error) {
      for (const [name, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {}))
        form.setError(name as Path<Values>, { message });
      toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <fieldset className="fieldset grid gap-x-6 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Ordering</legend>
        <TextField label="Time zone" field={field('timeZone')} hint="Such as America/Los_Angeles" />
        <TextField label="Ordering closes (hours before a window)" type="number" field={field('cutoffHours', number)} />
        <TextField label="Ordering opens (days ahead)" type="number" field={field('horizonDays', number)} />
        <TextField label="Shop latitude" type="number" step="any" field={field('location.latitude', number)} />
        <TextField label="Shop longitude" type="number" step="any" field={field('location.longitude', number)} />
      </fieldset>

      <section aria-labelledby="pickup-heading" className="space-y-4">
        <h2 id="pickup-heading" className="text-2xl font-bold">
          Pickup points
        </h2>
        {points.fields.map((point, index) => (
          <fieldset key={point.id} className="fieldset rounded-box border border-base-300 p-4">
            <legend className="fieldset-legend text-lg">Pickup point {index + 1}</legend>
            <div className="grid gap-x-6 sm:grid-cols-2">
              <TextField label={`Pickup point ${index + 1} name`} field={field(`pickupPoints.${index}.name`)} />
              <TextField label={`Pickup point ${index + 1} address`} field={field(`pickupPoints.${index}.address`)} />
            </div>
            <Windows form={form} name={`pickupPoints.${index}.windows`} label={`Pickup point ${index + 1}`} />
            <button type="button" className="btn btn-ghost btn-sm w-fit" onClick={() => points.remove(index)}>
              Remove pickup point {index + 1}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => points.append({ name: '', address: '', windows: [NEW_WINDOW] })}
        >
          Add a pickup point
        </button>
      </section>

      <section aria-labelledby="delivery-heading" className="space-y-4">
        <h2 id="delivery-heading" className="text-2xl font-bold">
          Delivery
        </h2>
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
                label="Postcodes delivered to"
                hint="Separate them with commas"
                field={field('delivery.postcodes', postcodes)}
              />
              <TextField
                label="Or within (km of the shop)"
                type="number"
                step="any"
                field={field('delivery.radiusKm', number)}
              />
              <TextField label="Delivery fee ($)" type="number" step="0.01" field={field('delivery.fee', number)} />
              <TextField
                label="Free delivery over ($)"
                type="number"
                step="0.01"
                field={field('delivery.freeOver', number)}
              />
              <TextField
                label="Minimum order ($)"
                type="number"
                step="0.01"
                field={field('delivery.minimumOrder', number)}
              />
            </div>
            <Windows form={form} name="delivery.windows" label="Delivery" />
          </fieldset>
        ) : null}
      </section>

      <SubmitButton busy={save.isPending}>Save pickup &amp; delivery</SubmitButton>
    </form>
  );
}

/** Wires a control by its field name, with its message from the schema or the server. */
function wiring(form: Form) {
  return (name: Path<Values>, options?: RegisterOptions<Values>) =>
    wireControl(`fulfilment-${name}`, get(form.formState.errors, name), form.register(name, options));
}

/** The weekly windows of a pickup point or of delivery. */
function Windows({
  form,
  name,
  label,
}: {
  form: Form;
  name: `pickupPoints.${number}.windows` | 'delivery.windows';
  label: string;
}) {
  const windows = useFieldArray({ control: form.control, name });
  const field = wiring(form);
  const errorOf = (at: string) => (get(form.formState.errors, at) as FieldError | undefined)?.message;
  const listError = errorOf(name) ?? errorOf(`${name}.root`);
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">{label} times</h3>
      {windows.fields.map((window, index) => {
        const at = `${name}.${index}` as const;
        const which = `${label} time ${index + 1}`;
        return (
          <div key={window.id} className="grid items-end gap-x-4 sm:grid-cols-6">
            <TextField label={`${which} day`} as="select" field={field(`${at}.weekday`)}>
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {day[0].toUpperCase() + day.slice(1)}
                </option>
              ))}
            </TextField>
            <TextField label={`${which} from`} type="time" field={field(`${at}.start`)} />
            <TextField label={`${which} to`} type="time" field={field(`${at}.end`)} />
            <label className="label mb-3 gap-2 text-base-content">
              <input type="checkbox" className="checkbox" {...form.register(`${at}.endsNextDay`)} />
              Ends the next day
            </label>
            <TextField label={`${which} orders`} type="number" field={field(`${at}.capacity`, number)} />
            <button type="button" className="btn btn-ghost btn-sm mb-3" onClick={() => windows.remove(index)}>
              Remove {which.toLowerCase()}
            </button>
          </div>
        );
      })}
      {listError ? <p className="text-error">{listError}</p> : null}
      <button type="button" className="btn btn-outline btn-sm" onClick={() => windows.append(NEW_WINDOW)}>
        Add a time to {label.toLowerCase()}
      </button>
    </div>
  );
}

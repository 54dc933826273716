import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, type ReactNode, useState } from 'react';
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
import { useCancelSlot, useFulfilment, useSaveFulfilment, useUncancelSlot } from './get-fulfilment.ts';

type Values = FulfilmentSettingsInput;
type Form = ReturnType<typeof useForm<Values, unknown, z.output<typeof fulfilmentSettingsInput>>>;

const NEW_WINDOW: WindowInput = { weekday: 'saturday', start: '09:00', end: '12:00', endsNextDay: false, capacity: 10 };
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
  const form: Form = useForm({ resolver, defaultValues: valuesOf(settings) });
  const points = useFieldArray({ control: form.control, name: 'pickupPoints' });
  const delivery = form.watch('delivery');
  const zone = abbreviation(form.watch('timeZone'));
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
        <TextField
          label="Time zone"
          field={field('timeZone')}
          hint={`Every time below is in it${zone ? ` (now ${zone})` : ''}; such as America/Los_Angeles`}
        />
        <TextField label="Ordering closes (hours before a window)" type="number" field={field('cutoffHours', number)} />
        <TextField label="Ordering opens (days ahead)" type="number" field={field('horizonDays', number)} />
        <TextField label="Shop latitude" type="number" step="any" field={field('location.latitude', number)} />
        <TextField label="Shop longitude" type="number" step="any" field={field('location.longitude', number)} />
      </fieldset>

      <Part id="pickup-heading" title="Pickup points">
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
              {AMOUNTS.map(([name, label]) => (
                <TextField key={name} label={label} type="number" step="0.01" field={field(name, number)} />
              ))}
            </div>
            <Windows form={form} name="delivery.windows" label="Delivery" />
          </fieldset>
        ) : null}
      </Part>

      <SubmitButton busy={save.isPending}>Save pickup &amp; delivery</SubmitButton>
    </form>
  );
}

/** One of the page's parts (pickup points, delivery, holidays): a section named by its heading. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
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

/** `Saturday 09:00–12:00 at Farm stand`: how the holiday list names a saved window. */
function windowNames(settings: FulfilmentSettings): Map<string, string> {
  const name = (w: FulfilmentSettings['pickupPoints'][number]['windows'][number], where: string) =>
    [w.id, `${w.weekday[0].toUpperCase()}${w.weekday.slice(1)} ${w.start}–${w.end} ${where}`] as const;
  return new Map([
    ...settings.pickupPoints.flatMap((p) => p.windows.map((w) => name(w, `at ${p.name}`))),
    ...(settings.delivery?.windows ?? []).map((w) => name(w, 'delivery')),
  ]);
}

/** Windows cancelled on one date (holidays): they take no bookings that day. */
function Holidays({ shopId, settings }: { shopId: string; settings: FulfilmentSettings }) {
  const cancel = useCancelSlot(shopId);
  const uncancel = useUncancelSlot(shopId);
  const names = windowNames(settings);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => String(data.get(key) ?? '');
    try {
      const made = await cancel.mutateAsync({
        windowId: text('windowId'),
        date: text('date'),
        reason: text('reason') || null,
      });
      setProblems({});
      toast.success(
        `Cancelled on ${made.date}${made.booked ? `: tell the ${made.booked} shoppers already booked` : ''}`,
      );
    } catch (error) {
      setProblems(error instanceof ApiError ? (error.fields ?? {}) : {});
      toast.error(errorMessage(error));
    }
  };
  /** A control named `id` (read from the form's data), with the server's message for that field. */
  const wired = (id: string) => {
    const wire = wireControl(`holiday-${id}`, problems[id] ? { type: 'server', message: problems[id] } : undefined);
    return { ...wire, control: { ...wire.control, name: id } };
  };

  return (
    <Part id="holidays-heading" title="Holidays">
      {settings.cancellations.length === 0 ? (
        <p>No window is cancelled from today on.</p>
      ) : (
        <ul className="space-y-2">
          {settings.cancellations.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-3">
              <span>
                {c.date} · {names.get(c.windowId) ?? 'a removed window'}
                {c.reason ? ` · ${c.reason}` : ''} · {c.booked} booked
              </span>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => uncancel.mutate(c.id)}>
                Take back {c.date}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="grid items-end gap-x-4 sm:grid-cols-4">
        <TextField label="Window to cancel" as="select" field={wired('windowId')}>
          {[...names].map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </TextField>
        <TextField label="Date to cancel" type="date" field={wired('date')} />
        <TextField label="Reason (optional)" field={wired('reason')} />
        <SubmitButton busy={cancel.isPending} disabled={cancel.isPending || names.size === 0} className="mb-3">
          Cancel that date
        </SubmitButton>
      </form>
    </Part>
  );
}

import { type FieldError, get, type RegisterOptions, useFieldArray, type useForm } from 'react-hook-form';
import type { z } from 'zod';
import { weeklyWindowLabel } from '#contract/fulfilment-labels.ts';
import {
  type FulfilmentSettingsInput,
  type fulfilmentSettingsInput,
  WEEKDAYS,
  type WindowInput,
} from '#contract/slots.ts';
import { TextField, wireControl } from '../../ui/TextField.tsx';

export type Values = FulfilmentSettingsInput;
export type Form = ReturnType<typeof useForm<Values, unknown, z.output<typeof fulfilmentSettingsInput>>>;
type Name = Parameters<Form['register']>[0];

export const NEW_WINDOW: WindowInput = {
  weekday: 'saturday',
  start: '09:00',
  end: '12:00',
  endsNextDay: false,
  capacity: 10,
};

/** An empty number box is no number; the schema says whether one is needed. */
export const number: RegisterOptions<Values> = { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) };

/** Wires a control by its field name, with its message from the schema or the server. */
export function wiring(form: Form) {
  return (name: Name, options?: RegisterOptions<Values>) =>
    wireControl(`fulfilment-${name}`, get(form.formState.errors, name), form.register(name, options));
}

/** "Saturday 9:00–12:00 at Hood River Farmers Market", "Wednesday 16:00–19:00 delivery": a window as typed so far. */
export function windowTitle(window: Partial<WindowInput> | undefined, place: string | null) {
  if (!window?.weekday || !window.start || !window.end) return place ? `A time at ${place}` : 'A delivery time';
  const when = weeklyWindowLabel(
    { weekday: window.weekday, start: window.start, end: window.end, endsNextDay: window.endsNextDay },
    place,
  );
  return place ? when : `${when} delivery`;
}

/** The weekly windows of a pickup point (`place` is its name) or of delivery (`place` null), each named by its time. */
export function Windows({
  form,
  name,
  place,
}: {
  form: Form;
  name: `pickupPoints.${number}.windows` | 'delivery.windows';
  place: string | null;
}) {
  const windows = useFieldArray({ control: form.control, name });
  const values = form.watch(name) as WindowInput[] | undefined;
  const field = wiring(form);
  const errorOf = (at: string) => (get(form.formState.errors, at) as FieldError | undefined)?.message;
  const listError = errorOf(name) ?? errorOf(`${name}.root`);
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">{place ? 'Pickup times' : 'Delivery times'}</h3>
      {windows.fields.map((window, index) => {
        const at = `${name}.${index}` as const;
        const title = windowTitle(values?.[index], place);
        return (
          <fieldset key={window.id} className="rounded-box border border-base-300 px-3 pb-2">
            <legend className="px-1 font-semibold">{title}</legend>
            <div className="grid items-end gap-x-4 sm:grid-cols-6">
              <TextField label="Day" as="select" field={field(`${at}.weekday`)}>
                {WEEKDAYS.map((day) => (
                  <option key={day} value={day}>
                    {day[0].toUpperCase() + day.slice(1)}
                  </option>
                ))}
              </TextField>
              <TextField label="From" type="time" field={field(`${at}.start`)} />
              <TextField label="To" type="time" field={field(`${at}.end`)} />
              <label className="label mb-3 gap-2 text-base-content">
                <input type="checkbox" className="checkbox" {...form.register(`${at}.endsNextDay`)} />
                Ends the next day
              </label>
              <TextField label="Orders it takes" type="number" field={field(`${at}.capacity`, number)} />
              <button
                type="button"
                className="btn btn-ghost btn-sm mb-3"
                aria-label={`Remove this time: ${title}`}
                onClick={() => windows.remove(index)}
              >
                Remove this time
              </button>
            </div>
          </fieldset>
        );
      })}
      {listError ? <p className="text-error">{listError}</p> : null}
      <button type="button" className="btn btn-outline btn-sm" onClick={() => windows.append(NEW_WINDOW)}>
        {place ? `Add a time at ${place}` : 'Add a delivery time'}
      </button>
    </div>
  );
}

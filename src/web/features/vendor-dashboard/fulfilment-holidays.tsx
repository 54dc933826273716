import { type FormEvent, type ReactNode, useState } from 'react';
import { closedDaysText, closedText, dateRangeText } from '#contract/fulfilment-labels.ts';
import type { Closure, FulfilmentSettings } from '#contract/slots.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireControl } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { windowTitle } from './fulfilment-windows.tsx';
import { useCloseShop, useReopenShop } from './get-fulfilment.ts';

/** One of the page's parts (pickup points, delivery, holidays): a section named by its heading. */
export function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Each saved window by id, named by its day, times and place. */
function windowNames(settings: FulfilmentSettings): Map<string, string> {
  return new Map([
    ...settings.pickupPoints.flatMap((p) => p.windows.map((w) => [w.id, windowTitle(w, p.name)] as const)),
    ...(settings.delivery?.windows ?? []).map((w) => [w.id, windowTitle(w, null)] as const),
  ]);
}

/** "every pickup and delivery time" or the windows closed, by name. */
function closedWindows(closure: Closure, names: Map<string, string>) {
  if (closure.allWindows) return 'every pickup and delivery time';
  return closure.windowIds.map((id) => names.get(id) ?? 'a removed time').join(', ');
}

/**
 * Holidays: the shop closes from one date to another (a vacation), every window (those added later too) or one of
 * them; each closure is listed as a range with the days it closes a time on, and taken back whole.
 */
export function Holidays({ shopId, settings }: { shopId: string; settings: FulfilmentSettings }) {
  const close = useCloseShop(shopId);
  const reopen = useReopenShop(shopId);
  const names = windowNames(settings);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (key: string) => String(data.get(key) ?? '');
    try {
      const made = await close.mutateAsync({
        from: text('from'),
        to: text('to') || undefined,
        windowId: text('windowId') || null,
        reason: text('reason') || null,
      });
      setProblems({});
      form.reset();
      const booked = made.booked ? `: the ${made.booked} shoppers already booked are told` : '';
      toast.success(`${closedText(made.from, made.to)}${booked}`);
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
      {settings.closures.length === 0 ? (
        <p>Your shop is open on every date ahead.</p>
      ) : (
        <ul className="space-y-2" aria-label="Dates closed">
          {settings.closures.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>
                <span className="font-semibold">{closedText(c.from, c.to)}</span> · {closedWindows(c, names)}
                {c.reason ? ` · ${c.reason}` : ''} · {c.booked} booked
                <span className="block text-sm text-base-content/80">{closedDaysText(c.days)}</span>
              </span>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => reopen.mutate(c.id)}>
                Reopen {dateRangeText(c.from, c.to)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="grid items-start gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label="First day closed" type="date" field={wired('from')} />
        <TextField label="Last day closed" type="date" hint="Empty: just the first day" field={wired('to')} />
        <TextField label="Which times" as="select" field={wired('windowId')}>
          <option value="">Every pickup and delivery time</option>
          {[...names].map(([id, label]) => (
            <option key={id} value={id}>
              Only {label}
            </option>
          ))}
        </TextField>
        <TextField label="Reason (optional)" field={wired('reason')} />
        <div className="col-span-full mt-2">
          <SubmitButton busy={close.isPending} disabled={close.isPending || names.size === 0}>
            Close those dates
          </SubmitButton>
        </div>
      </form>
    </Part>
  );
}

import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ZIP_CODE } from '#contract/place-labels.ts';
import { timeZoneName, US_TIME_ZONES } from '#contract/us-time-zones.ts';
import { call } from '../../api/client.ts';
import { FormField } from '../../ui/FormField.tsx';
import type { WiredControl } from '../../ui/TextField.tsx';

/** The town and state of a ZIP code, asked once it looks like one. */
function usePostcodePlace(zip: string) {
  const code = zip.trim();
  return useQuery({
    queryKey: ['postcode', code],
    queryFn: () => call('GET /postcodes/:postcode', { params: { postcode: code } }),
    enabled: ZIP_CODE.test(code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The shop's ZIP code, with the place it names beside it ("Hood River, OR"), so the vendor sees it is the right one
 * without a map. Each state a ZIP code the vendor types is in is told (`onState`), to suggest its zone.
 */
export function ZipField({
  field,
  value,
  onState,
}: {
  field: WiredControl;
  value: string;
  onState: (state: string) => void;
}) {
  const found = usePostcodePlace(value ?? '');
  const state = found.data?.state;
  // The state the page opened with suggests nothing; each other state the vendor's typing finds does.
  const opened = useRef(state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly found state suggests a zone
  useEffect(() => {
    if (state && state !== opened.current) onState(state);
    opened.current = undefined;
  }, [state]);
  const confirmId = `${field.control.id}-place`;
  const describedBy = [field.control['aria-describedby'], confirmId].filter(Boolean).join(' ');
  return (
    <FormField label="Shop ZIP code" htmlFor={field.control.id} error={field.error}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          className="input w-32"
          inputMode="numeric"
          autoComplete="postal-code"
          {...field.control}
          aria-describedby={describedBy}
        />
        <span id={confirmId} aria-live="polite" className="text-sm">
          {found.data?.place ? (
            <span className="inline-flex items-center gap-1 font-semibold">
              <CircleCheck aria-hidden="true" className="size-4 text-success" /> {found.data.place}
            </span>
          ) : found.isError ? (
            <span className="text-error">We could not find this ZIP code</span>
          ) : found.isFetching ? (
            'Looking it up…'
          ) : (
            'Where shoppers collect and how far you deliver are measured from it'
          )}
        </span>
      </div>
    </FormField>
  );
}

/** The other zones the browser knows, by name (none in an older browser: the US ones and the current are offered). */
function otherZones(): string[] {
  const us = new Set<string>(US_TIME_ZONES.map(([zone]) => zone));
  try {
    return Intl.supportedValuesOf('timeZone').filter((zone) => !us.has(zone));
  } catch {
    return [];
  }
}

/** The time zone as a choice: the US zones by their everyday names first, then every other zone. */
export function TimeZoneSelect({ field, value, hint }: { field: WiredControl; value: string; hint: string }) {
  const others = otherZones();
  const known = US_TIME_ZONES.some(([zone]) => zone === value) || others.includes(value);
  return (
    <FormField label="Time zone" htmlFor={field.control.id} error={field.error} hint={hint}>
      <select className="select w-full" {...field.control}>
        {known || !value ? null : <option value={value}>{timeZoneName(value)}</option>}
        <optgroup label="United States">
          {US_TIME_ZONES.map(([zone, name]) => (
            <option key={zone} value={zone}>
              {name}
            </option>
          ))}
        </optgroup>
        <optgroup label="Other zones">
          {others.map((zone) => (
            <option key={zone} value={zone}>
              {timeZoneName(zone)}
            </option>
          ))}
        </optgroup>
      </select>
    </FormField>
  );
}

import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { placeLabel, roundCoordinate, type ShopperPlace, ZIP_CODE, ZIP_MESSAGE } from '#contract/place-labels.ts';
import { ApiError, call } from '../api/client.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { FormField } from '../ui/FormField.tsx';
import { storedPlace, storePlace, useShopperPlace } from '../ui/shopper-place.ts';

/** Keeps the place in the signed-in shopper's profile too (a failed save still keeps it in this browser). */
async function keepPlace(place: ShopperPlace, signedIn: boolean) {
  storePlace(place);
  if (!signedIn) return;
  await call('PUT /users/me/place', {
    body: place.postcode ? { postcode: place.postcode } : { latitude: place.latitude, longitude: place.longitude },
  }).catch(() => undefined);
}

/**
 * On sign-in, the profile's place wins; a place chosen in this browser before signing in goes into a profile that
 * has none.
 */
export function ShopperPlaceSync() {
  const { user } = useAuth();
  const profile = useQuery({
    queryKey: ['users', 'me', 'place', user?.id],
    queryFn: () => call('GET /users/me/place'),
    enabled: Boolean(user),
  });
  useEffect(() => {
    if (!profile.isSuccess) return;
    const local = storedPlace();
    if (profile.data) storePlace(profile.data);
    else if (local) void keepPlace(local, true);
  }, [profile.isSuccess, profile.data]);
  return null;
}

/** "Near 97201 · change": the shopper's place for distances, set by ZIP code or the browser's location. */
export function PlaceControl() {
  const place = useShopperPlace();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [zip, setZip] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  const done = async (chosen: ShopperPlace) => {
    await keepPlace(chosen, Boolean(user));
    setOpen(false);
    setError(undefined);
    setZip('');
  };

  const saveZip = async (event: FormEvent) => {
    event.preventDefault();
    const code = zip.trim();
    if (!ZIP_CODE.test(code)) return setError(ZIP_MESSAGE);
    setBusy(true);
    try {
      const found = await call('GET /postcodes/:postcode', { params: { postcode: code } });
      await done({ postcode: found.postcode, latitude: found.latitude, longitude: found.longitude });
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields?.postcode ?? failure.message) : 'Please try again');
    } finally {
      setBusy(false);
    }
  };

  const locate = () => {
    if (!navigator.geolocation) return setError('This browser cannot tell where you are. Enter your ZIP code.');
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        await done({
          postcode: null,
          latitude: roundCoordinate(position.coords.latitude),
          longitude: roundCoordinate(position.coords.longitude),
        });
        setBusy(false);
      },
      () => {
        setError('We could not get your location. Enter your ZIP code instead.');
        setBusy(false);
      },
      { maximumAge: 600_000, timeout: 10_000 },
    );
  };

  const forget = async () => {
    storePlace(null);
    setOpen(false);
    if (user) await call('DELETE /users/me/place').catch(() => undefined);
  };

  return (
    <div className="relative">
      <button
        type="button"
        className="btn btn-ghost btn-sm gap-1 px-2 font-normal"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        <MapPin size={16} aria-hidden="true" className="text-primary" />
        {place ? (
          <span>
            Near <span className="font-semibold">{placeLabel(place)}</span> · <span className="link">change</span>
          </span>
        ) : (
          <span className="link">Set your ZIP code to see distances</span>
        )}
      </button>
      {open ? (
        <div
          id={`${id}-panel`}
          className="absolute left-0 z-20 mt-1 w-72 md:right-0 md:left-auto max-w-[calc(100vw-2rem)] rounded-box border border-base-300 bg-base-100 p-4 shadow"
        >
          <form onSubmit={saveZip} noValidate>
            <FormField label="Your ZIP code" htmlFor={`${id}-zip`} error={error}>
              <div className="flex gap-2">
                <input
                  id={`${id}-zip`}
                  className="input input-sm w-full"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={10}
                  value={zip}
                  onChange={(e) => setZip(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-zip-error` : undefined}
                />
                <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                  Save
                </button>
              </div>
            </FormField>
          </form>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <button type="button" className="btn btn-outline btn-sm" onClick={locate} disabled={busy}>
              Use my location
            </button>
            {place ? (
              <button type="button" className="btn btn-ghost btn-sm" onClick={forget}>
                Forget my place
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

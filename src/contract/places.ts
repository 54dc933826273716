import { z } from 'zod';
import { roundCoordinate, ZIP_CODE, ZIP_MESSAGE } from './place-labels.ts';
import { abortWith } from './validation.ts';

export {
  DISTANCE_RADII,
  DISTANCE_RADII_MI,
  EARTH_KM,
  greatCircleKm,
  placeLabel,
  roundCoordinate,
  ZIP_CODE,
  ZIP_MESSAGE,
} from './place-labels.ts';

/**
 * Places on the map: where a product comes from (its origin) and where a shopper is, to show "12 km away" and sort
 * nearest first (issue 12, item 3; docs/decisions/020-distance-from-the-farm.md). Places are US ZIP codes, or a
 * browser's location rounded to 2 decimals (about 1 km), so requests name a bounded set of places.
 */

export const UNPLACED_ZIP = 'We could not find this ZIP code on the map';

/** Where a product comes from: its farm (with the ZIP code the vendor gave) or its shop (no postcode). */
export const productOrigin = z.object({
  name: z.string(),
  postcode: z.string().optional(),
  latitude: z.number(),
  longitude: z.number(),
});

const zipField = z
  .string({ error: ZIP_MESSAGE })
  .trim()
  .max(10, abortWith(ZIP_MESSAGE))
  .regex(ZIP_CODE, ZIP_MESSAGE)
  .transform((zip) => zip.slice(0, 5));

const coordinate = (limit: number, name: string) =>
  z.coerce
    .number({ error: `${name} is a number of degrees` })
    .min(-limit, `${name} is between -${limit} and ${limit}`)
    .max(limit, `${name} is between -${limit} and ${limit}`)
    .transform(roundCoordinate);

/**
 * The shopper's place on a catalog request: `near` (a ZIP code) or `lat` and `lng` (degrees, rounded by the server
 * to 2 decimals). Without one, products carry no distanceKm and "nearest" and maxKm are refused.
 */
export const placeQueryFields = {
  near: zipField.optional(),
  lat: coordinate(90, 'lat').optional(),
  lng: coordinate(180, 'lng').optional(),
};

/** The checks across the place fields of a query: lat and lng together, and not with near. */
export function checkPlaceQuery(
  query: { near?: string; lat?: number; lng?: number },
  context: { addIssue: (issue: { code: 'custom'; message: string; path: string[]; input: unknown }) => void },
) {
  if ((query.lat === undefined) !== (query.lng === undefined)) {
    const path = query.lat === undefined ? 'lat' : 'lng';
    context.addIssue({ code: 'custom', message: 'Send lat and lng together', path: [path], input: undefined });
  }
  if (query.near !== undefined && query.lat !== undefined) {
    context.addIssue({ code: 'custom', message: 'Send near or lat and lng, not both', path: ['near'], input: query });
  }
}

/** The place of a catalog request's query, if it names one: a ZIP code to place, or rounded coordinates. */
export type RequestedPlace = { postcode: string } | { latitude: number; longitude: number };

export function requestedPlace(query: { near?: string; lat?: number; lng?: number }): RequestedPlace | undefined {
  if (query.near) return { postcode: query.near };
  if (query.lat !== undefined && query.lng !== undefined) return { latitude: query.lat, longitude: query.lng };
  return undefined;
}

/** GET /postcodes/:postcode: where a ZIP code is on the map. */
export const postcodeParams = z.object({ postcode: zipField });
export const placedPostcode = z.object({
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Its town and state, such as "Hood River, OR", and the state's two letters; null when not known. */
  place: z.string().nullable(),
  state: z.string().nullable(),
});

/** The place a shopper keeps in their profile: a ZIP code (placed on the map) or the browser's location. */
export const shopperPlace = z.object({
  postcode: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ShopperPlace = z.infer<typeof shopperPlace>;

/** PUT /users/me/place: a ZIP code, or the browser's location (rounded to 2 decimals before it is kept). */
export const shopperPlaceInput = z
  .strictObject({
    postcode: zipField.optional(),
    latitude: z
      .number({ error: 'latitude is a number of degrees' })
      .min(-90, 'latitude is between -90 and 90')
      .max(90, 'latitude is between -90 and 90')
      .transform(roundCoordinate)
      .optional(),
    longitude: z
      .number({ error: 'longitude is a number of degrees' })
      .min(-180, 'longitude is between -180 and 180')
      .max(180, 'longitude is between -180 and 180')
      .transform(roundCoordinate)
      .optional(),
  })
  .superRefine((place, context) => {
    const located = place.latitude !== undefined || place.longitude !== undefined;
    if (place.postcode === undefined && !located) {
      context.addIssue({ code: 'custom', message: ZIP_MESSAGE, path: ['postcode'], input: place });
    } else if (place.postcode !== undefined && located) {
      context.addIssue({
        code: 'custom',
        message: 'Send a ZIP code or a location, not both',
        path: ['postcode'],
        input: place,
      });
    } else if (located && (place.latitude === undefined || place.longitude === undefined)) {
      const path = place.latitude === undefined ? 'latitude' : 'longitude';
      context.addIssue({ code: 'custom', message: 'Send latitude and longitude together', path: [path], input: place });
    }
  });
export type ShopperPlaceInput = z.output<typeof shopperPlaceInput>;

export const MAX_KM = 20_000;
export const MAX_MI = 12_000;

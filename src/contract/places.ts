import { z } from 'zod';
import { abortWith } from './validation.ts';

/**
 * Places on the map: where a product comes from (its origin) and where a shopper is, to show "12 km away" and sort
 * nearest first (issue 12, item 3; docs/decisions/020-distance-from-the-farm.md). Places are US ZIP codes, or a
 * browser's location rounded to 2 decimals (about 1 km), so requests name a bounded set of places.
 */

export const ZIP_CODE = /^\d{5}(-\d{4})?$/;
export const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, like 97201';
export const UNPLACED_ZIP = 'We could not find this ZIP code on the map';

/** Where a product comes from: its farm (with the ZIP code the vendor gave) or its shop (no postcode). */
export const productOrigin = z.object({
  name: z.string(),
  postcode: z.string().optional(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ProductOrigin = z.infer<typeof productOrigin>;

/** The mean Earth radius in km, as every distance here measures (the server's SQL too). */
export const EARTH_KM = 6371.0088;

/** Great-circle distance in km (haversine). */
export function greatCircleKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A coordinate rounded to 2 decimals (about 1 km): what the shopper's place keeps and what requests send. */
export const roundCoordinate = (value: number) => Math.round(value * 100) / 100;

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
export const placedPostcode = z.object({ postcode: z.string(), latitude: z.number(), longitude: z.number() });

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

/** The place a shopper's "Near …" control reads: the ZIP code, or "your location". */
export const placeLabel = (place: { postcode: string | null }) => place.postcode ?? 'your location';

/** A distance as cards show it: "800 m away" below 1 km, "12 km away" (whole km from 10 km, one decimal below). */
export function distanceLabel(km: number): string {
  if (km < 1) return `${Math.max(100, Math.round((km * 1000) / 100) * 100)} m away`;
  if (km < 10) return `${(Math.round(km * 10) / 10).toLocaleString('en-US')} km away`;
  return `${Math.round(km).toLocaleString('en-US')} km away`;
}

/** The radii of the distance filter (km), each shown with how many products it leaves. */
export const DISTANCE_RADII = [10, 25, 50, 100] as const;
export const MAX_KM = 20_000;

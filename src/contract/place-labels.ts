/**
 * Place helpers without zod, so the cards and the layout that use them do not load the schemas at start (places.ts
 * re-exports them).
 */

/** The place a shopper keeps: a ZIP code (placed on the map) or the browser's location. */
export type ShopperPlace = { postcode: string | null; latitude: number; longitude: number };

export const ZIP_CODE = /^\d{5}(-\d{4})?$/;

export const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, like 97201';

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

/** The place a shopper's "Near …" control reads: the ZIP code, or "your location". */
export const placeLabel = (place: { postcode: string | null }) => place.postcode ?? 'your location';

/** The radii of the distance filter (km), each shown with how many products it leaves. */
export const DISTANCE_RADII = [10, 25, 50, 100] as const;

/** The radii of the distance filter where the marketplace writes miles: round miles. */
export const DISTANCE_RADII_MI = [5, 10, 25, 50] as const;

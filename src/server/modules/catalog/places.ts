import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import {
  EARTH_KM,
  type RequestedPlace,
  type ShopperPlace,
  type ShopperPlaceInput,
  UNPLACED_ZIP,
} from '#contract/places.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { placePostcode } from '../slots/index.ts';
import { shopperPlaces } from './tables.ts';

/**
 * Distances between a shopper's place and products' origins, in SQL (docs/decisions/020-distance-from-the-farm.md):
 * the great-circle distance by haversine for what shoppers read and maxKm, and earthdistance's points in space (a
 * GiST index on products) for the bounding box of maxKm and the order of "nearest first".
 */
export type Place = { latitude: number; longitude: number };

/** The coordinates of a ZIP code; a ZIP code the data set cannot place is a 400 on `field`. */
export function placeOfPostcode(postcode: string, field: string): Place {
  const place = placePostcode(postcode);
  if (!place) throw badRequest(UNPLACED_ZIP, { [field]: UNPLACED_ZIP });
  return place;
}

/** The place a catalog request names (near, or lat and lng already rounded), on the map; none when it names none. */
export function placeOfRequest(requested: RequestedPlace | undefined): Place | undefined {
  if (!requested) return undefined;
  return 'postcode' in requested ? placeOfPostcode(requested.postcode, 'near') : requested;
}

/** The place given as SQL (values or placeholders). */
export type PlaceSql = { latitude: Placeholder | number; longitude: Placeholder | number };

/** The product `p`'s origin as a point in space (the expression of products_origin_earth_idx). */
export const ORIGIN_POINT = sql`ll_to_earth(p.origin_latitude, p.origin_longitude)`;

const pointOf = (from: PlaceSql) => sql`ll_to_earth(${from.latitude}::float8, ${from.longitude}::float8)`;

/** Great-circle km from the place to the product `p`'s origin (haversine; null when the origin is unknown). */
export function distanceKm(from: PlaceSql): SQL {
  const lat = sql`${from.latitude}::float8`;
  const lng = sql`${from.longitude}::float8`;
  // least() skips nulls: the CASE keeps an unknown origin's distance null.
  return sql`(CASE WHEN p.origin_latitude IS NOT NULL THEN 2 * ${EARTH_KM}::float8 * asin(least(1, sqrt(
    sin(radians(p.origin_latitude - ${lat}) / 2) ^ 2
    + cos(radians(${lat})) * cos(radians(p.origin_latitude)) * sin(radians(p.origin_longitude - ${lng}) / 2) ^ 2))) END)`;
}

/** The distance shown (km, one decimal). */
export const shownDistanceKm = (from: PlaceSql) => sql`round(${distanceKm(from)}::numeric, 1)::float8`;

/**
 * "Nearest first"'s key: the straight-line distance in space between the two points (metres through the Earth),
 * which orders exactly as the great-circle distance does and which the GiST index walks nearest first (<->).
 */
export const nearestKey = (from: PlaceSql) => sql`(${ORIGIN_POINT} <-> ${pointOf(from)})`;

/**
 * Products whose origin is within `km` of the place: the index's bounding box (a cube around the place, as large as
 * the great-circle radius on earthdistance's sphere, earth()), then the exact haversine distance.
 */
export function withinKm(from: PlaceSql, km: Placeholder | number): SQL {
  return sql`${ORIGIN_POINT} <@ earth_box(${pointOf(from)}, ${km}::float8 * 1000 * earth() / ${EARTH_KM * 1000}::float8)
    AND ${distanceKm(from)} <= ${km}::float8`;
}

/** The place the shopper keeps in their profile, if any. */
export async function shopperPlaceOf(db: Tx, userId: string): Promise<ShopperPlace | null> {
  const [row] = await db
    .select({ postcode: shopperPlaces.postcode, latitude: shopperPlaces.latitude, longitude: shopperPlaces.longitude })
    .from(shopperPlaces)
    .where(eq(shopperPlaces.userId, userId));
  return row ?? null;
}

/** Keeps the shopper's place: a ZIP code placed on the map (400 when it cannot be), or a rounded location. */
export async function saveShopperPlace(db: Tx, userId: string, input: ShopperPlaceInput): Promise<ShopperPlace> {
  const place: ShopperPlace =
    input.postcode !== undefined
      ? { postcode: input.postcode, ...placeOfPostcode(input.postcode, 'postcode') }
      : { postcode: null, latitude: input.latitude as number, longitude: input.longitude as number };
  await db
    .insert(shopperPlaces)
    .values({ userId, ...place })
    .onConflictDoUpdate({ target: shopperPlaces.userId, set: { ...place, updatedAt: new Date() } });
  return place;
}

export async function forgetShopperPlace(db: Tx, userId: string): Promise<void> {
  await db.delete(shopperPlaces).where(eq(shopperPlaces.userId, userId));
}

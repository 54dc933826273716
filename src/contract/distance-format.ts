import { groupDigits } from './plain-format.ts';

/**
 * How the marketplace writes distances: miles (the default: places are US ZIP codes) or km, as the admin sets it
 * (GET /api/marketplace). Every distance is measured and sent in km; only its text changes. No zod here, so the
 * product cards that show distances load no schema code.
 */
export const DISTANCE_UNITS = ['mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export const DEFAULT_DISTANCE_UNIT: DistanceUnit = 'mi';

export const KM_PER_MILE = 1.609344;

/** The unit's name for a setting's choices. */
export const DISTANCE_UNIT_NAMES: Record<DistanceUnit, string> = { mi: 'Miles (mi)', km: 'Kilometres (km)' };

/**
 * A distance given in km, in the unit: "12 mi" / "12 km" (whole from 10, one decimal below), "0.3 mi", "800 m"
 * (metres below 1 km).
 */
export function distanceText(km: number, unit: DistanceUnit): string {
  if (unit === 'km' && km < 1) return `${Math.max(100, Math.round((km * 1000) / 100) * 100)} m`;
  const value = unit === 'mi' ? km / KM_PER_MILE : km;
  if (value < 10) return `${Math.max(0.1, Math.round(value * 10) / 10)} ${unit}`;
  return `${groupDigits(Math.round(value))} ${unit}`;
}

/** What cards and the shop list show: "12 mi away". */
export const distanceAwayText = (km: number, unit: DistanceUnit) => `${distanceText(km, unit)} away`;

/** A distance typed in the unit (a delivery radius) as it is stored: km. */
export const typedToKm = (value: number, unit: DistanceUnit) => (unit === 'mi' ? value * KM_PER_MILE : value);

/** A stored distance (km) as it is typed in the unit, to 4 decimals, so a value typed in miles reads back as typed. */
export const kmToTyped = (km: number, unit: DistanceUnit) =>
  unit === 'mi' ? Number((km / KM_PER_MILE).toFixed(4)) : km;

/**
 * The km to store for a distance typed in the unit: the saved km when the box still shows it (a radius set in km
 * and saved again in miles does not drift), else the typed value converted.
 */
export function typedKmToSave(typed: number | null, unit: DistanceUnit, savedKm: number | null): number | null {
  if (typed === null) return null;
  return savedKm !== null && kmToTyped(savedKm, unit) === typed ? savedKm : typedToKm(typed, unit);
}

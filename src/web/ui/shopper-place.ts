import { useSyncExternalStore } from 'react';
import { greatCircleKm, type ShopperPlace } from '#contract/place-labels.ts';
import type { Product } from '#contract/products.ts';

/**
 * The place the shopper measures distances from ("Near 97201"): kept in the browser (localStorage) for everyone, and
 * in the profile of a signed-in shopper (ShopperPlaceSync keeps the two in step). The server renders no place, so the
 * page hydrates as rendered and then shows distances.
 */
const KEY = 'farmstall-place';
const listeners = new Set<() => void>();
let last: { raw: string | null; place: ShopperPlace | null } = { raw: null, place: null };

/** What this browser kept, if it is a place (checked by hand: no schema library loads with every page). */
function asPlace(value: unknown): ShopperPlace | null {
  if (typeof value !== 'object' || value === null) return null;
  const { postcode, latitude, longitude } = value as Record<string, unknown>;
  const coordinate = (v: unknown, limit: number) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;
  if (
    !(postcode === null || typeof postcode === 'string') ||
    !coordinate(latitude, 90) ||
    !coordinate(longitude, 180)
  ) {
    return null;
  }
  return { postcode, latitude: latitude as number, longitude: longitude as number };
}

function read(): ShopperPlace | null {
  const raw = localStorage.getItem(KEY);
  if (raw !== last.raw) {
    let place: ShopperPlace | null = null;
    try {
      place = raw ? asPlace(JSON.parse(raw)) : null;
    } catch {
      place = null;
    }
    last = { raw, place };
  }
  return last.place;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** Keeps the place in this browser (null forgets it). */
export function storePlace(place: ShopperPlace | null) {
  if (place) localStorage.setItem(KEY, JSON.stringify(place));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export const storedPlace = () => read();

/** The shopper's place, or null (always null while the page hydrates). */
export function useShopperPlace(): ShopperPlace | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** The place as catalog requests send it: the ZIP code, or the rounded coordinates. */
export function placeParams(place: ShopperPlace | null): { near?: string; lat?: number; lng?: number } {
  if (!place) return {};
  return place.postcode ? { near: place.postcode } : { lat: place.latitude, lng: place.longitude };
}

/** How far the product comes from: as the listing measured it, or from its origin. */
export function distanceOf(product: Pick<Product, 'distanceKm' | 'origin'>, place: ShopperPlace | null) {
  if (product.distanceKm !== undefined) return product.distanceKm;
  if (!place || !product.origin) return undefined;
  return Math.round(greatCircleKm(place, product.origin) * 10) / 10;
}

import { placePostcode } from '../../modules/slots/index.ts';

/**
 * The demo products that come from a named farm near their shop (by product name), with the farm's ZIP code; every
 * other demo product comes from its shop's place (fulfilment.ts).
 */
const FARMS: Record<string, { name: string; postcode: string }> = {
  // Sunrise Orchard, Wenatchee: cherries from Cashmere, peaches from the shore of Lake Chelan.
  'Rainier Cherries': { name: 'Cashmere Cherry Ranch', postcode: '98815' },
  'Freestone Peaches': { name: 'Chelan Bluff Orchard', postcode: '98816' },
  // Meadow Creek Dairy, Tillamook: goat milk from the Nestucca valley.
  'Fresh Goat Milk': { name: 'Nestucca Goat Farm', postcode: '97112' },
  // Willow Bend Market Garden, Corvallis: garlic from Philomath.
  'Hardneck Garlic': { name: 'Marys River Garlic Patch', postcode: '97370' },
  // Old Mill Grains, Walla Walla: wheat from the Touchet valley.
  'Heritage Wheat Berries': { name: 'Touchet Valley Wheat Farm', postcode: '99360' },
  // Riverbend Butchery & Fish, Newport: beef from Siletz, oysters from Yaquina Bay.
  'Grass-Fed Ribeye Steak': { name: 'Siletz Valley Ranch', postcode: '97380' },
  'Kumamoto Oysters (dozen)': { name: 'Yaquina Bay Oyster Beds', postcode: '97366' },
  // Brook Farm Drinks, Bend: apples pressed from an orchard at Sisters.
  'Pressed Apple Juice': { name: 'Three Sisters Orchard', postcode: '97759' },
};

/** The origin columns of a demo product: its farm placed by ZIP code, or none (the database places it at its shop). */
export function demoOrigin(productName: string) {
  const farm = FARMS[productName];
  if (!farm) return {};
  const place = placePostcode(farm.postcode);
  if (!place) throw new Error(`Demo data names a ZIP code the map does not know: ${farm.postcode}`);
  return {
    originName: farm.name,
    originPostcode: farm.postcode,
    originLatitude: place.latitude,
    originLongitude: place.longitude,
  };
}

export const DEMO_FARM_PRODUCTS = Object.keys(FARMS);

import { type FulfilmentSettingsInput, fulfilmentSettingsInput, type WindowInput } from '#contract/slots.ts';
import type { NewFulfilment } from '../../modules/orders/index.ts';
import { decodeSlotId, listSlots, writeSettings } from '../../modules/slots/index.ts';
import type { Tx } from '../client.ts';
import type { DemoSlot } from './orders.ts';

/** Every demo shop is in Oregon or Washington. */
const ZONE = 'America/Los_Angeles';

const window = (weekday: WindowInput['weekday'], start: string, end: string, capacity: number): WindowInput => ({
  weekday,
  start,
  end,
  capacity,
});

/** How each demo shop (by key) hands over its orders: its farmers' market, farm gate and local delivery. */
const FULFILMENT: Record<string, FulfilmentSettingsInput> = {
  greenValley: {
    timeZone: ZONE,
    location: { latitude: 45.7054, longitude: -121.5215 },
    pickupPoints: [
      {
        name: 'Hood River Farmers Market',
        address: '5th & Columbia St, Hood River, OR 97031',
        windows: [window('saturday', '09:00', '13:00', 25)],
      },
      {
        name: 'Farm stand',
        address: '418 Orchard Road, Hood River, OR 97031',
        windows: [window('wednesday', '15:00', '18:00', 12), window('friday', '15:00', '18:00', 12)],
      },
    ],
    delivery: {
      postcodes: ['97031', '97041', '98672'],
      radiusKm: 15,
      fee: 6,
      freeOver: 75,
      minimumOrder: 30,
      windows: [window('thursday', '16:00', '20:00', 15)],
    },
  },
  meadowCreek: {
    timeZone: ZONE,
    cutoffHours: 36,
    location: { latitude: 45.4562, longitude: -123.844 },
    pickupPoints: [
      {
        name: 'Dairy shop',
        address: '72 Pasture Lane, Tillamook, OR 97141',
        windows: [window('tuesday', '10:00', '17:00', 30), window('saturday', '09:00', '14:00', 30)],
      },
    ],
    delivery: {
      postcodes: ['97141', '97143', '97136', '97118'],
      radiusKm: null,
      fee: 5,
      freeOver: 50,
      minimumOrder: 20,
      windows: [window('friday', '07:00', '11:00', 20)],
    },
  },
  sunriseOrchard: {
    timeZone: ZONE,
    location: { latitude: 47.4235, longitude: -120.3103 },
    pickupPoints: [
      {
        name: 'Pybus Public Market',
        address: '3 N Worthen St, Wenatchee, WA 98801',
        windows: [window('saturday', '08:00', '13:00', 40), window('wednesday', '16:00', '19:00', 20)],
      },
    ],
    delivery: {
      postcodes: [],
      radiusKm: 20,
      fee: 7.5,
      freeOver: 80,
      minimumOrder: 35,
      windows: [window('friday', '14:00', '18:00', 15)],
    },
  },
  willowBend: {
    timeZone: ZONE,
    location: { latitude: 44.5646, longitude: -123.262 },
    pickupPoints: [
      {
        name: 'Corvallis Saturday Market',
        address: '1st St & Jackson Ave, Corvallis, OR 97330',
        windows: [window('saturday', '09:00', '13:00', 30)],
      },
      {
        name: 'CSA shed at the farm',
        address: '55 River Flats Road, Corvallis, OR 97330',
        windows: [window('thursday', '16:00', '19:00', 25)],
      },
    ],
    delivery: null,
  },
  hearthGrain: {
    timeZone: ZONE,
    cutoffHours: 18,
    horizonDays: 7,
    location: { latitude: 46.1879, longitude: -123.8313 },
    pickupPoints: [
      {
        name: 'Bakery counter',
        address: '301 Main Street, Astoria, OR 97103',
        windows: [
          window('tuesday', '07:00', '11:00', 20),
          window('thursday', '07:00', '11:00', 20),
          window('saturday', '07:00', '12:00', 35),
        ],
      },
    ],
    delivery: {
      postcodes: ['97103', '97138', '97146'],
      radiusKm: null,
      fee: 4,
      freeOver: 40,
      minimumOrder: 15,
      windows: [window('friday', '06:00', '09:00', 12)],
    },
  },
  oldMill: {
    timeZone: ZONE,
    cutoffHours: 48,
    location: { latitude: 46.0646, longitude: -118.343 },
    pickupPoints: [
      {
        name: 'Mill store',
        address: '9 Millrace Way, Walla Walla, WA 99362',
        windows: [window('friday', '10:00', '16:00', 20)],
      },
    ],
    delivery: {
      postcodes: [],
      radiusKm: 30,
      fee: 8,
      freeOver: 100,
      minimumOrder: 40,
      windows: [window('tuesday', '09:00', '15:00', 10)],
    },
  },
  riverbend: {
    timeZone: ZONE,
    cutoffHours: 48,
    location: { latitude: 44.6368, longitude: -124.0535 },
    pickupPoints: [
      {
        name: 'Harbor shop',
        address: '640 Harbor Avenue, Newport, OR 97365',
        windows: [window('wednesday', '12:00', '18:00', 15), window('saturday', '10:00', '15:00', 20)],
      },
    ],
    delivery: {
      postcodes: ['97365', '97366', '97367', '97391'],
      radiusKm: null,
      fee: 9,
      freeOver: 120,
      minimumOrder: 50,
      windows: [window('friday', '15:00', '19:00', 10)],
    },
  },
  sweetClover: {
    timeZone: ZONE,
    location: { latitude: 42.1946, longitude: -122.7095 },
    pickupPoints: [
      {
        name: 'Ashland Growers Market',
        address: 'Lithia Way & 1st St, Ashland, OR 97520',
        windows: [window('tuesday', '08:30', '13:30', 20), window('saturday', '08:30', '13:00', 30)],
      },
    ],
    delivery: null,
  },
  cornerSnack: {
    timeZone: ZONE,
    cutoffHours: 4,
    horizonDays: 7,
    location: { latitude: 44.0521, longitude: -123.0868 },
    pickupPoints: [
      {
        name: 'Shop counter',
        address: '88 Alder Street, Eugene, OR 97401',
        windows: [
          window('friday', '17:00', '23:00', 30),
          { ...window('saturday', '20:00', '01:00', 30), endsNextDay: true },
        ],
      },
    ],
    delivery: {
      postcodes: ['97401', '97402', '97403', '97405'],
      radiusKm: null,
      fee: 3.5,
      freeOver: 35,
      minimumOrder: 15,
      windows: [window('friday', '18:00', '22:00', 20)],
    },
  },
  harborKitchen: {
    timeZone: ZONE,
    location: { latitude: 48.1171, longitude: -122.7604 },
    pickupPoints: [
      {
        name: 'Port Townsend Farmers Market',
        address: 'Tyler St & Lawrence St, Port Townsend, WA 98368',
        windows: [window('saturday', '09:00', '14:00', 25)],
      },
    ],
    delivery: {
      postcodes: ['98368', '98339'],
      radiusKm: null,
      fee: 5,
      freeOver: 60,
      minimumOrder: 25,
      windows: [window('wednesday', '16:00', '19:00', 12)],
    },
  },
  brookFarm: {
    timeZone: ZONE,
    location: { latitude: 44.0582, longitude: -121.3153 },
    pickupPoints: [
      {
        name: 'Bend Farmers Market',
        address: 'Brooks Alley, Bend, OR 97701',
        windows: [window('wednesday', '14:00', '18:00', 25)],
      },
    ],
    delivery: {
      postcodes: [],
      radiusKm: 12,
      fee: 6,
      freeOver: 70,
      minimumOrder: 30,
      windows: [window('saturday', '09:00', '12:00', 15)],
    },
  },
};

/** Every demo shop's pickup points, delivery and weekly windows, saved through the slots module. */
export async function insertFulfilment(tx: Tx, now: number, shopIds: Map<string, string>): Promise<void> {
  for (const [key, shopId] of shopIds) {
    const settings = FULFILMENT[key];
    if (!settings) throw new Error(`The demo shop ${key} has no pickup or delivery settings`);
    await writeSettings(tx, shopId, fulfilmentSettingsInput.parse(settings), new Date(now));
  }
}

/**
 * A demo order's booking in the shop's soonest slot of its kind (at its pickup point) starting after `now`, whether
 * or not ordering for it has closed, with the delivery fee the shop charges for `subtotalCents`.
 */
export async function demoBooking(
  tx: Tx,
  shop: { id: string; name: string },
  slot: DemoSlot,
  address: string,
  subtotalCents: number,
  now: number,
): Promise<NewFulfilment> {
  const list = await listSlots(tx, shop.id, {}, { defaultTimeZone: ZONE, now: new Date(now) });
  const found = list.slots.find(
    (s) =>
      s.kind === slot.kind &&
      Date.parse(s.start) > now &&
      s.status !== 'cancelled' &&
      (slot.kind === 'delivery' || s.pickupPoint?.name === slot.point),
  );
  const ids = found && decodeSlotId(found.id);
  if (!found || !ids) throw new Error(`The demo shop ${shop.name} has no ${slot.kind} slot for a demo order`);
  const freeOver = list.delivery?.freeOver ?? null;
  const free = slot.kind === 'pickup' || (freeOver !== null && subtotalCents >= Math.round(freeOver * 100));
  return {
    shopId: shop.id,
    shopName: shop.name,
    kind: slot.kind,
    windowId: ids.windowId,
    slotDate: ids.date,
    startsAt: new Date(found.start),
    endsAt: new Date(found.end),
    timeZone: list.timeZone,
    pickupPoint: found.pickupPoint && { name: found.pickupPoint.name, address: found.pickupPoint.address },
    deliveryAddress: slot.kind === 'delivery' ? { address, postcode: slot.postcode } : null,
    feeCents: free ? 0 : Math.round(found.fee * 100),
    note: slot.note,
  };
}

import { deletedCount } from '../cart.ts';
import { deliveryTerms } from '../delivery-terms.ts';
import { route } from '../route-table.ts';
import {
  cancellation,
  cancellationInput,
  cancellationParams,
  fulfilmentSettings,
  fulfilmentSettingsInput,
  shopParams,
  slotList,
  slotsQuery,
} from '../slots.ts';

const VENDOR_OR_ADMIN = {
  allow: ['vendor', 'admin'],
  owner: { of: 'shop', admin: true, otherwise: 403 },
} as const;

/** How a shop hands over its orders (pickup points, delivery, weekly windows) and the time slots shoppers book. */
export const slotsApi = {
  settings: route({
    method: 'GET',
    path: '/shops/:shopId/fulfilment',
    tag: 'slots',
    summary: "A shop's pickup and delivery settings (its vendor or an admin)",
    access: VENDOR_OR_ADMIN,
    params: shopParams,
    status: 200,
    response: fulfilmentSettings,
    errors: [404],
  }),
  saveSettings: route({
    method: 'PUT',
    path: '/shops/:shopId/fulfilment',
    tag: 'slots',
    summary: "Replace a shop's pickup and delivery settings; a removed window keeps its past bookings",
    access: VENDOR_OR_ADMIN,
    params: shopParams,
    body: fulfilmentSettingsInput,
    status: 200,
    response: fulfilmentSettings,
    errors: [404, 409],
  }),
  cancel: route({
    method: 'POST',
    path: '/shops/:shopId/fulfilment/cancellations',
    tag: 'slots',
    summary: "Cancel a window's slot on one date (a holiday): it takes no new bookings",
    access: VENDOR_OR_ADMIN,
    params: shopParams,
    body: cancellationInput,
    status: 201,
    response: cancellation,
    errors: [404, 409],
  }),
  uncancel: route({
    method: 'DELETE',
    path: '/shops/:shopId/fulfilment/cancellations/:id',
    tag: 'slots',
    summary: 'Take a cancellation back: the slot takes bookings again',
    access: VENDOR_OR_ADMIN,
    params: cancellationParams,
    status: 200,
    response: deletedCount,
    errors: [404],
  }),
  deliveryTerms: route({
    method: 'GET',
    path: '/delivery-terms',
    tag: 'slots',
    summary:
      'How the shops hand over orders: how many offer (free) pickup and delivery, the delivery fees, thresholds and minimums',
    access: { allow: 'public' },
    status: 200,
    response: deliveryTerms,
    errors: [],
  }),
  slots: route({
    method: 'GET',
    path: '/shops/:shopId/slots',
    tag: 'slots',
    summary: "A shop's pickup and delivery slots between two dates (at most its ordering horizon ahead)",
    access: { allow: 'public' },
    params: shopParams,
    query: slotsQuery,
    status: 200,
    response: slotList,
    errors: [404],
  }),
};

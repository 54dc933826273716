import { route } from '../route-table.ts';
import { shopParams } from '../slots.ts';
import { bookedSlotParams, sheetParams, slotSheet, week, weekQuery } from '../vendor-week.ts';

const SHOP_OR_ADMIN = {
  allow: ['vendor', 'admin'],
  owner: { of: 'shop', admin: true, otherwise: 404 },
  note: 'another shop’s slots are not found, never forbidden',
} as const;

/** The vendor's week: its orders by booked slot, and each slot's pick list, packing slips and delivery stops. */
export const vendorWeekApi = {
  week: route({
    method: 'GET',
    path: '/shops/:shopId/booked-slots',
    tag: 'orders',
    summary:
      "A shop's booked slots with their orders, soonest first, from `from` (default today) to `to` (default 13 days on), by kind; and its orders without a slot",
    access: SHOP_OR_ADMIN,
    params: shopParams,
    query: weekQuery,
    status: 200,
    response: week,
    errors: [404],
  }),
  sheet: route({
    method: 'GET',
    path: '/shops/:shopId/booked-slots/:slotId',
    tag: 'orders',
    summary: "One booked slot's pick list, packing slips and (delivery) stops in order of postcode",
    access: SHOP_OR_ADMIN,
    params: bookedSlotParams,
    status: 200,
    response: slotSheet,
    errors: [404],
  }),
  pickList: route({
    method: 'GET',
    path: '/shops/:shopId/booked-slots/:slotId/pick-list/:format',
    tag: 'orders',
    summary: "A booked slot's pick list as a PDF or CSV file",
    access: SHOP_OR_ADMIN,
    params: sheetParams,
    status: 200,
    response: null,
    errors: [404, 429],
  }),
  packingSlips: route({
    method: 'GET',
    path: '/shops/:shopId/booked-slots/:slotId/packing-slips/:format',
    tag: 'orders',
    summary: "A booked slot's packing slips as a PDF (a page per order) or CSV file (a row per item)",
    access: SHOP_OR_ADMIN,
    params: sheetParams,
    status: 200,
    response: null,
    errors: [404, 429],
  }),
};

import {
  addLineInput,
  deliveryLineParams,
  deliveryParams,
  deliveryWindowInput,
  madeDelivery,
  swapLineInput,
} from '../delivery-changes.ts';
import { route } from '../route-table.ts';

/** A shopper's own subscription delivery: another shopper's is 404, and an admin does not act for them. */
const OWN = {
  allow: ['customer'],
  owner: { of: 'purchase', admin: false, otherwise: 404 },
  note: 'a subscription is its shopper’s own: another shopper’s answers 404',
} as const;

const DELIVERY = { tag: 'subscriptions', access: OWN, status: 200, response: madeDelivery } as const;

/** Changing one delivery whose order is made, before its cutoff (issue 37 item 3, decision 068). */
export const deliveryChangesApi = {
  madeDelivery: route({
    method: 'GET',
    path: '/subscriptions/:id/deliveries/:date',
    summary: 'A delivery whose order is made: its items and totals, and what may be swapped in or added',
    ...DELIVERY,
    params: deliveryParams,
    errors: [404, 409],
  }),
  addLine: route({
    method: 'POST',
    path: '/subscriptions/:id/deliveries/:date/lines',
    summary: 'Add a one-off product of the same farm to a made delivery, at its price, until the cutoff',
    ...DELIVERY,
    params: deliveryParams,
    body: addLineInput,
    errors: [404, 409],
  }),
  swapLine: route({
    method: 'PUT',
    path: '/subscriptions/:id/deliveries/:date/lines/:lineId',
    summary: "Swap a plan item of a made delivery for another size or another of the plan's products, until the cutoff",
    ...DELIVERY,
    params: deliveryLineParams,
    body: swapLineInput,
    errors: [404, 409],
  }),
  removeLine: route({
    method: 'DELETE',
    path: '/subscriptions/:id/deliveries/:date/lines/:lineId',
    summary: 'Take an added product out of a made delivery again, until the cutoff',
    ...DELIVERY,
    params: deliveryLineParams,
    errors: [404, 409],
  }),
  moveWindow: route({
    method: 'PUT',
    path: '/subscriptions/:id/deliveries/:date/window',
    summary: "Move a made delivery to another of the plan's times the same week, with a place left, until the cutoff",
    ...DELIVERY,
    params: deliveryParams,
    body: deliveryWindowInput,
    errors: [404, 409],
  }),
};

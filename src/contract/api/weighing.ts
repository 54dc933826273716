import { z } from 'zod';
import { vendorOrderLine } from '../fulfilment.ts';
import { route } from '../route-table.ts';
import { MAX_WEIGHED_GRAMS } from '../weighed.ts';

/** What a weighed line really weighs, in grams. */
export const lineWeight = z.object({
  grams: z
    .number({ error: 'Enter the weight in grams' })
    .int('Whole grams only')
    .min(1, 'Enter the weight in grams')
    .max(MAX_WEIGHED_GRAMS, 'At most 10,000 kg'),
});
export type LineWeight = z.infer<typeof lineWeight>;

/** Weighed goods: the vendor enters each weighed line's actual weight when packing (decision 018). */
export const weighingApi = {
  weighLine: route({
    method: 'PUT',
    path: '/vendor/orders/:orderId/lines/:lineId/weight',
    tag: 'orders',
    summary:
      "Enter a weighed line's actual weight while its shop's part is pending: the line is then priced by it, and the card is charged for it when the last part leaves pending",
    access: {
      allow: ['vendor'],
      owner: { of: 'shop', admin: false, otherwise: 404 },
      note: 'another shop’s line is not found, never forbidden',
    },
    params: z.object({
      orderId: z.uuid('Order id must be a UUID'),
      lineId: z.uuid('Line id must be a UUID'),
    }),
    body: lineWeight,
    status: 200,
    response: vendorOrderLine,
    errors: [404, 409],
  }),
};

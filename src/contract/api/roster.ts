import { boxContents, boxContentsInput, boxContentsParams, planBoxes, roster, rosterQuery } from '../roster.ts';
import { route } from '../route-table.ts';
import { publicPlanParams, shopPlansParams } from '../subscriptions.ts';

/** The farm's week of subscriptions (decision 068): who gets what on which day, and the box contents to fill. */
export const rosterApi = {
  roster: route({
    method: 'GET',
    path: '/shops/:shopId/subscription-roster',
    tag: 'subscriptions',
    summary:
      "The shop's subscribers over seven days, per plan, date and window: each one's delivery (ordered, paid, skipped, away, closed, card failed) and a box plan's contents",
    access: { allow: ['vendor', 'admin'], owner: { of: 'shop', admin: true, otherwise: 403 } },
    params: shopPlansParams,
    query: rosterQuery,
    status: 200,
    response: roster,
    errors: [],
  }),
  setBox: route({
    method: 'PUT',
    path: '/shops/:shopId/subscription-plans/:planId/box-contents/:date',
    tag: 'subscriptions',
    summary: "Set what goes in a box plan's box on one delivery date, before that date's orders are made",
    access: { allow: ['vendor'], owner: { of: 'shop', admin: false, otherwise: 403 } },
    params: boxContentsParams,
    body: boxContentsInput,
    status: 200,
    response: boxContents,
    errors: [404, 409],
  }),
  boxes: route({
    method: 'GET',
    path: '/subscription-plans/:id/boxes',
    tag: 'subscriptions',
    summary: "What the farm set for a box plan's coming deliveries (none for a fixed list)",
    access: { allow: 'public' },
    params: publicPlanParams,
    status: 200,
    response: planBoxes,
    errors: [404],
  }),
};

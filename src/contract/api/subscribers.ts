import { route } from '../route-table.ts';
import {
  cardChangeInput,
  cardSetup,
  mySubscription,
  mySubscriptionList,
  quoteQuery,
  sandboxAuthenticateInput,
  sandboxSetupInput,
  sandboxSetupResult,
  skipParams,
  subscribeInput,
  subscriptionParams,
  subscriptionQuote,
  vacationInput,
  windowChangeInput,
} from '../subscribers.ts';
import { publicPlanParams } from '../subscriptions.ts';

/** A shopper's own subscription: another shopper's is 404, and an admin does not act for them. */
const OWN = {
  allow: ['customer'],
  owner: { of: 'purchase', admin: false, otherwise: 404 },
  note: 'a subscription is its shopper’s own: another shopper’s answers 404',
} as const;

/** The sandbox's card steps: the card setup must be the caller's (a vendor or an admin has none: 404). */
const SETUP_OWNER = {
  allow: 'signed-in',
  owner: { of: 'purchase', admin: false, otherwise: 404 },
  note: 'the card setup must be the caller’s',
} as const;

/** What every change of one's subscription shares: the shopper's own, answered as it stands after. */
const CHANGE = { tag: 'subscriptions', access: OWN, status: 200, response: mySubscription } as const;

/** Shoppers subscribing to plans and managing their subscriptions (issue 37 slice 2). */
export const subscribersApi = {
  quote: route({
    method: 'GET',
    path: '/subscription-plans/:id/quote',
    tag: 'subscriptions',
    summary:
      'What subscribing to a plan on one of its times from a day would bring: first delivery, deliveries left, price',
    access: { allow: 'public' },
    params: publicPlanParams,
    query: quoteQuery,
    status: 200,
    response: subscriptionQuote,
    errors: [404, 409],
  }),
  cardSetup: route({
    method: 'POST',
    path: '/subscriptions/card-setup',
    tag: 'subscriptions',
    summary: 'Start saving a card for subscription charges (a SetupIntent the browser confirms); verified e-mail',
    access: { allow: ['customer'] },
    status: 201,
    response: cardSetup,
    errors: [],
  }),
  subscribe: route({
    method: 'POST',
    path: '/subscriptions',
    tag: 'subscriptions',
    summary:
      'Subscribe to a plan with a saved card: its time, address and first day (cap and places checked); a season takes its first payment now (402 when refused)',
    access: { allow: ['customer'] },
    body: subscribeInput,
    status: 201,
    response: mySubscription,
    errors: [402, 404, 409],
  }),
  mine: route({
    method: 'GET',
    path: '/subscriptions',
    tag: 'subscriptions',
    summary: 'The signed-in shopper’s subscriptions, with their next deliveries',
    access: { allow: ['customer'] },
    status: 200,
    response: mySubscriptionList,
    errors: [],
  }),
  skip: route({
    method: 'PUT',
    path: '/subscriptions/:id/skips/:date',
    summary: 'Skip a coming delivery (until its cutoff)',
    ...CHANGE,
    params: skipParams,
    errors: [404, 409],
  }),
  unskip: route({
    method: 'DELETE',
    path: '/subscriptions/:id/skips/:date',
    summary: 'Take a skip back (until the cutoff, while no order was made)',
    ...CHANGE,
    params: skipParams,
    errors: [404, 409],
  }),
  vacation: route({
    method: 'PUT',
    path: '/subscriptions/:id/vacation',
    summary: 'Pause the deliveries from one day to another (a vacation)',
    ...CHANGE,
    params: subscriptionParams,
    body: vacationInput,
    errors: [404, 409],
  }),
  resume: route({
    method: 'DELETE',
    path: '/subscriptions/:id/vacation',
    summary: 'Resume: the vacation ends, deliveries come again',
    ...CHANGE,
    params: subscriptionParams,
    errors: [404, 409],
  }),
  changeWindow: route({
    method: 'PUT',
    path: '/subscriptions/:id/window',
    summary: 'Change the pickup or delivery time (and address) of the deliveries not ordered yet',
    ...CHANGE,
    params: subscriptionParams,
    body: windowChangeInput,
    errors: [404, 409],
  }),
  changeCard: route({
    method: 'PUT',
    path: '/subscriptions/:id/card',
    summary: 'Charge another saved card from now on',
    ...CHANGE,
    params: subscriptionParams,
    body: cardChangeInput,
    errors: [402, 404, 409],
  }),
  cancel: route({
    method: 'POST',
    path: '/subscriptions/:id/cancel',
    summary: 'Cancel: deliveries already ordered still come, none after them',
    ...CHANGE,
    params: subscriptionParams,
    errors: [404, 409],
  }),
  sandboxConfirmSetup: route({
    method: 'POST',
    path: '/payments/sandbox/confirm-setup',
    tag: 'payments',
    summary: 'Save a card with a sandbox SetupIntent (Stripe test cards behave as on Stripe)',
    access: SETUP_OWNER,
    body: sandboxSetupInput,
    status: 200,
    response: sandboxSetupResult,
    errors: [402, 404, 409],
  }),
  sandboxAuthenticateSetup: route({
    method: 'POST',
    path: '/payments/sandbox/authenticate-setup',
    tag: 'payments',
    summary: 'The sandbox bank’s authentication of a card being saved: completed or failed',
    access: SETUP_OWNER,
    body: sandboxAuthenticateInput,
    status: 200,
    response: sandboxSetupResult,
    errors: [402, 404, 409],
  }),
};

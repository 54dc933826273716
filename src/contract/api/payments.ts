import { z } from 'zod';
import {
  membershipIntentInput,
  modifiedCount,
  paymentIntentCreated,
  paymentsConfig,
  sandboxConfirmInput,
  sandboxConfirmResult,
  vendorBadgeInput,
  vendorPaymentInput,
  vendorPaymentRecorded,
} from '../payments.ts';
import { type Allow, route } from '../route-table.ts';

/**
 * Paying or recording a payment the caller makes (a purchase's intent, the membership's): it must be their own, an
 * admin does not act for them, and another caller of an allowed role gets `otherwise`.
 */
const callersPayment = <const A extends Allow>(allow: A, otherwise: 403 | 404, note: string) => ({
  allow,
  owner: { of: 'purchase' as const, admin: false as const, otherwise },
  note,
});

/** Card provider settings, the sandbox's card form, Stripe's events and the vendors' premium membership. */
export const paymentsApi = {
  config: route({
    method: 'GET',
    path: '/payments/config',
    tag: 'payments',
    summary: 'Which card form to show (sandbox or Stripe) and Stripe’s publishable key',
    access: { allow: 'public' },
    status: 200,
    response: paymentsConfig,
    errors: [],
  }),
  sandboxConfirm: route({
    method: 'POST',
    path: '/payments/sandbox/confirm',
    tag: 'payments',
    summary: 'Pay a sandbox payment with a card (Stripe test cards behave as on Stripe)',
    access: callersPayment(
      'signed-in',
      404,
      'the payment intent must be the caller’s (a vendor pays its membership here too)',
    ),
    body: sandboxConfirmInput,
    status: 200,
    response: sandboxConfirmResult,
    errors: [402, 404, 409],
  }),
  stripeWebhook: route({
    method: 'POST',
    path: '/payments/stripe/webhook',
    tag: 'payments',
    summary: 'Stripe events (signature checked)',
    access: { allow: 'public', note: 'Stripe’s signature is the credential' },
    status: 200,
    response: z.object({ received: z.boolean() }),
    errors: [404],
  }),
  startMembership: route({
    method: 'POST',
    path: '/vendor-payment',
    tag: 'payments',
    summary: 'Buy Now: start paying a membership plan (premium unless `plan` names another), priced by the server',
    access: { allow: ['vendor'] },
    body: membershipIntentInput,
    status: 201,
    response: paymentIntentCreated,
    errors: [409],
  }),
  recordMembership: route({
    method: 'POST',
    path: '/vendorPayments',
    tag: 'payments',
    summary: 'Record a paid membership (checked with the payment provider)',
    access: callersPayment(['vendor'], 403, 'the membership payment must be the caller’s (and the e-mail in the body)'),
    body: vendorPaymentInput,
    status: 201,
    response: vendorPaymentRecorded,
    errors: [402, 404, 409],
  }),
  goldBadge: route({
    method: 'PATCH',
    path: '/vendor/:email',
    tag: 'payments',
    summary: 'Give a paid premium shop its gold badge (own shop only)',
    access: { allow: ['vendor'], owner: { of: 'account', admin: false, otherwise: 403 } },
    params: z.object({ email: z.string().min(1) }),
    body: vendorBadgeInput,
    status: 200,
    response: modifiedCount,
    errors: [402],
  }),
};

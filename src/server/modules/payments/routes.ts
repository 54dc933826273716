import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
} from '#contract/payments.ts';
import { notFound } from '../../errors.ts';
import { findIntent } from './intents.ts';
import { recordMembershipPayment, setGoldBadge, startMembershipPayment } from './membership.ts';
import type { PaymentProvider } from './provider.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

export type PaymentRoutesOptions = { provider: PaymentProvider; sandbox: SandboxProvider };

/** Card provider settings for the browser, the sandbox's card confirmation, and the premium membership. */
export async function paymentRoutes(app: FastifyInstance, { provider, sandbox }: PaymentRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const vendorOnly = app.requireRole('vendor');

  api.get(
    '/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which card form to show (sandbox or Stripe) and Stripe’s publishable key',
        response: { 200: paymentsConfig },
      },
    },
    async () => ({ provider: provider.name, publishableKey: provider.publishableKey }),
  );

  api.post(
    '/payments/sandbox/confirm',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Pay a sandbox payment with a card (Stripe test cards behave as on Stripe)',
        body: sandboxConfirmInput,
        response: { 200: sandboxConfirmResult },
      },
    },
    async (request) => {
      if (provider.name !== 'sandbox') throw notFound('Sandbox payment');
      const { paymentIntentId, clientSecret, cardNumber } = request.body;
      const row = await findIntent(app.db, 'sandbox', paymentIntentId);
      if (!row || row.userId !== request.user!.id) throw notFound('Payment');
      const paid = await sandbox.confirm(paymentIntentId, clientSecret, cardNumber);
      return { id: paid.id, status: paid.status, cardBrand: paid.cardBrand, cardLast4: paid.cardLast4 };
    },
  );

  api.post(
    '/vendor-payment',
    {
      onRequest: vendorOnly,
      schema: {
        tags: ['payments'],
        summary: 'Start paying the premium membership ($1000, priced by the server)',
        body: membershipIntentInput,
        response: { 201: paymentIntentCreated },
      },
    },
    async (request, reply) => reply.status(201).send(await startMembershipPayment(app.db, provider, request.user!)),
  );

  api.post(
    '/vendorPayments',
    {
      onRequest: vendorOnly,
      schema: {
        tags: ['payments'],
        summary: 'Record a paid membership (checked with the payment provider)',
        body: vendorPaymentInput,
        response: { 201: vendorPaymentRecorded },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordMembershipPayment(app.db, provider, request.user!, request.body)),
  );

  api.patch(
    '/vendor/:email',
    {
      onRequest: vendorOnly,
      schema: {
        tags: ['payments'],
        summary: 'Give a paid premium shop its gold badge (own shop only)',
        params: z.object({ email: z.string().min(1) }),
        body: vendorBadgeInput,
        response: { 200: modifiedCount },
      },
    },
    async (request) => setGoldBadge(app.db, request.user!, request.params.email),
  );
}

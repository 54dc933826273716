import type { FastifyInstance } from 'fastify';
import { membershipPlansApi } from '#contract/api/membership-plans.ts';
import { paymentsApi } from '#contract/api/payments.ts';
import { notFound } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import { inserted, modified } from '../../spec-answers.ts';
import { findIntent } from './intents.ts';
import { recordMembershipPayment, setGoldBadge, startMembershipPayment } from './membership.ts';
import { membershipPlans, putMembershipPlan } from './membership-plans.ts';

/** Card provider settings for the browser, the sandbox's card confirmation, and the membership plans and payments. */
export async function paymentRoutes(app: FastifyInstance) {
  const { active: provider, sandbox, settle } = app.payments;

  handle(app, paymentsApi.config, async () => ({ provider: provider.name, publishableKey: provider.publishableKey }));

  handle(app, paymentsApi.sandboxConfirm, async ({ body, user }) => {
    if (provider.name !== 'sandbox') throw notFound('Sandbox payment');
    const { paymentIntentId, clientSecret, cardNumber } = body;
    const row = await findIntent(app.db, 'sandbox', paymentIntentId);
    if (!row || row.userId !== user.id) throw notFound('Payment');
    const paid = await sandbox.confirm(paymentIntentId, clientSecret, cardNumber);
    return { id: paid.id, status: paid.status, cardBrand: paid.cardBrand, cardLast4: paid.cardLast4 };
  });

  handle(app, paymentsApi.startMembership, async ({ body, user }) =>
    startMembershipPayment(app.db, provider, user, body, app.now()),
  );

  handle(app, paymentsApi.recordMembership, async ({ body, user }) =>
    recordMembershipPayment(app.db, provider, settle, user, body).then(({ id, ...payment }) => ({
      ...inserted(id),
      ...payment,
    })),
  );

  handle(app, paymentsApi.goldBadge, async ({ params, user }) =>
    modified(await setGoldBadge(app.db, user, params.email, app.now())),
  );

  handle(app, membershipPlansApi.offered, async () => membershipPlans(app.db, true));
  handle(app, membershipPlansApi.all, async () => membershipPlans(app.db, false));
  handle(app, membershipPlansApi.save, async ({ params, body, user }) =>
    putMembershipPlan(app.db, user.id, params.key, body),
  );
}

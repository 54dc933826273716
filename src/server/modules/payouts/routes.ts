import type { FastifyInstance } from 'fastify';
import { payoutsApi } from '#contract/api/payouts.ts';
import { notFound } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import {
  commissionSettings,
  connectPayoutAccount,
  payoutAccountOf,
  sendPayouts,
  setCommission,
  setPayoutHold,
  submitSandboxOnboarding,
} from '../payments/index.ts';
import { shopOf } from '../shops/index.ts';

/** The marketplace's commission (admin), the vendors' payout accounts and the admin's holds. */
export async function payoutRoutes(app: FastifyInstance) {
  const { active: provider, sandbox } = app.payments;
  const payoutsPage = `${app.config.publicUrl}/dashboard/payouts`;
  const urls = { returnUrl: payoutsPage, refreshUrl: `${payoutsPage}?refresh=1` };

  handle(app, payoutsApi.commission, async () => commissionSettings(app.db));
  handle(app, payoutsApi.setCommission, async ({ body, user }) => setCommission(app.db, user.id, body));

  handle(app, payoutsApi.account, async ({ user, log }) => {
    const { account, due } = await payoutAccountOf(app.db, provider, user, urls);
    await sendPayouts(app.db, provider, { transferIds: due }, { log });
    return account;
  });

  handle(app, payoutsApi.connect, async ({ user, log }) => {
    const { account, due } = await connectPayoutAccount(app.db, provider, user, urls);
    await sendPayouts(app.db, provider, { transferIds: due }, { log });
    return account;
  });

  handle(app, payoutsApi.sandboxOnboarding, async ({ user, body, log }) => {
    if (provider.name !== 'sandbox') throw notFound('Sandbox onboarding');
    const due = await submitSandboxOnboarding(app.db, sandbox, user, body);
    await sendPayouts(app.db, provider, { transferIds: due }, { log });
    return (await payoutAccountOf(app.db, provider, user, urls)).account;
  });

  handle(app, payoutsApi.hold, async ({ params, body, user, log }) => {
    if (!(await shopOf(app.db, params.shopId))) throw notFound('Shop');
    const due = await setPayoutHold(app.db, params.shopId, body.held, user.id);
    await sendPayouts(app.db, provider, { transferIds: due }, { log });
    return { shopId: params.shopId, held: body.held };
  });
}
